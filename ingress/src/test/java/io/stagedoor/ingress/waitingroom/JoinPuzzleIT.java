package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.puzzle.PuzzleWork;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.JoinPuzzleSettings;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A room with a price for joining, on two instances sharing the real Redis: a join needs a solution of a puzzle
 * issued to that buyer for that event, spent once on either instance; a forged, expired, reused or another buyer's
 * solution is refused, and a refused join costs the room nothing.
 */
class JoinPuzzleIT {

    private static final Instant NOW = Instant.parse("2026-12-01T19:00:00Z");
    private static final int BITS = 8;
    private static final FakeClock CLOCK = new FakeClock(NOW);
    private static final EventCatalog CATALOG = new EventCatalog();
    private static final String EVENT = TestNames.unique("puzzled");
    private static final String FREE_EVENT = TestNames.unique("unpuzzled");
    private static final String EARLY_EVENT = TestNames.unique("puzzled-early");
    private static RoomServer one;
    private static RoomServer two;

    @BeforeAll
    static void start() throws Exception {
        EventDefinition plain = RoomServer.event(EVENT, true, 50, NOW);
        CATALOG.put(plain.withWaitingRoom(plain.waitingRoom().withJoinPuzzle(
                new JoinPuzzleSettings(BITS, Duration.ofSeconds(30), null, null))));
        CATALOG.put(RoomServer.event(FREE_EVENT, true, 50, NOW));
        EventDefinition early = RoomServer.event(EARLY_EVENT, true, 50, NOW.plus(Duration.ofHours(2)));
        CATALOG.put(early.withWaitingRoom(early.waitingRoom().withPreQueueAt(NOW.plus(Duration.ofHours(1)))
                .withJoinPuzzle(new JoinPuzzleSettings(BITS, Duration.ofSeconds(30), null, null))));
        var topics = RoomServer.topics();
        one = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
        two = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
    }

    @AfterAll
    static void stop() {
        one.close();
        two.close();
    }

    private static JsonNode puzzle(RoomServer instance, String buyer) throws Exception {
        HttpResponse<String> issued = instance.send(HttpRequest.newBuilder(instance.uri("/v1/events/" + EVENT
                + "/queue/puzzle")).header("Authorization", "Bearer " + RoomServer.token(buyer)));
        assertThat(issued.statusCode()).as(issued.body()).isEqualTo(200);
        assertThat(issued.headers().firstValue("Cache-Control")).contains("no-store");
        return Json.mapper().readTree(issued.body());
    }

    private static String solved(JsonNode puzzle) {
        String challenge = puzzle.get("challenge").asText();
        return challenge + ":" + PuzzleWork.solve(challenge, puzzle.get("difficulty").asInt());
    }

    private static HttpResponse<String> join(RoomServer instance, String eventId, String buyer, String solution)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(instance.uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + RoomServer.token(buyer)).POST(HttpRequest.BodyPublishers.noBody());
        if (solution != null) {
            request.header(WaitingRoomFeature.PUZZLE_HEADER, solution);
        }
        return instance.send(request);
    }

    private static void assertProblem(HttpResponse<String> answer, int status, String type) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
                value -> assertThat(value).startsWith("application/problem+json"));
        assertThat(Json.mapper().readTree(answer.body()).get("type").asText()).endsWith("/" + type);
    }

    private static long joined() throws Exception {
        return Json.mapper().readTree(one.admin("GET", EVENT, null, RoomServer.ADMIN_KEY).body()).get("joined").asLong();
    }

    @Test
    void aJoinWithoutASolutionIsToldToSolveOneAndCostsTheRoomNothing() throws Exception {
        long before = joined();
        HttpResponse<String> refused = join(one, EVENT, "no-work", null);
        assertProblem(refused, 428, "puzzle-required");
        assertThat(Json.mapper().readTree(refused.body()).get("detail").asText())
                .contains("GET /v1/events/" + EVENT + "/queue/puzzle").contains(WaitingRoomFeature.PUZZLE_HEADER);
        assertThat(joined()).isEqualTo(before);
    }

    @Test
    void aSolvedPuzzleJoinsOnceOnEitherInstance() throws Exception {
        JsonNode puzzle = puzzle(one, "fan-1");
        assertThat(puzzle.get("difficulty").asInt()).isEqualTo(BITS);
        assertThat(puzzle.get("header").asText()).isEqualTo(WaitingRoomFeature.PUZZLE_HEADER);
        String solution = solved(puzzle);
        HttpResponse<String> joinedThere = join(two, EVENT, "fan-1", solution);
        assertThat(joinedThere.statusCode()).as(joinedThere.body()).isEqualTo(202);
        assertThat(Json.mapper().readTree(joinedThere.body()).get("ticket").asText()).isNotBlank();
        assertProblem(join(one, EVENT, "fan-1", solution), 403, "puzzle-refused");
        assertProblem(join(two, EVENT, "fan-1", solution), 403, "puzzle-refused");
    }

    @Test
    void anotherBuyersSolutionIsRefusedAndStaysItsOwnersToUse() throws Exception {
        String solution = solved(puzzle(one, "owner"));
        HttpResponse<String> stolen = join(one, EVENT, "thief", solution);
        assertProblem(stolen, 403, "puzzle-refused");
        assertThat(Json.mapper().readTree(stolen.body()).get("detail").asText()).contains("another buyer");
        assertThat(join(two, EVENT, "owner", solution).statusCode()).isEqualTo(202);
    }

    @Test
    void aForgedOrUnsolvedSolutionIsRefused() throws Exception {
        JsonNode puzzle = puzzle(one, "forger");
        String challenge = puzzle.get("challenge").asText();
        assertProblem(join(one, EVENT, "forger", challenge.replace("jp1.", "jp1.A") + ":1"), 403, "puzzle-refused");
        assertProblem(join(one, EVENT, "forger", "garbage"), 403, "puzzle-refused");
        String wrong = challenge + ":" + unsolving(challenge);
        HttpResponse<String> unsolved = join(one, EVENT, "forger", wrong);
        assertProblem(unsolved, 403, "puzzle-refused");
        assertThat(Json.mapper().readTree(unsolved.body()).get("detail").asText()).contains("does not solve");
    }

    /** Replayed after its lifetime (and after the spent store forgot it): expired. */
    @Test
    void anExpiredSolutionIsRefusedEvenUnspent() throws Exception {
        String solution = solved(puzzle(one, "late"));
        String spentBefore = solved(puzzle(one, "late-twice"));
        assertThat(join(one, EVENT, "late-twice", spentBefore).statusCode()).isEqualTo(202);
        CLOCK.advance(Duration.ofSeconds(31)); // the room's clock only moves on: later tests ask for new puzzles
        HttpResponse<String> late = join(two, EVENT, "late", solution);
        assertProblem(late, 403, "puzzle-refused");
        assertThat(Json.mapper().readTree(late.body()).get("detail").asText()).contains("expired");
        assertProblem(join(two, EVENT, "late-twice", spentBefore), 403, "puzzle-refused");
    }

    /** Twenty copies of one solution sent at once, across both instances: one join gets in. */
    @Test
    void racingCopiesOfOneSolutionJoinOnce() throws Exception {
        String solution = solved(puzzle(one, "racer"));
        List<Future<HttpResponse<String>>> answers = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(20)) {
            for (int i = 0; i < 20; i++) {
                RoomServer instance = i % 2 == 0 ? one : two;
                answers.add(threads.submit(() -> join(instance, EVENT, "racer", solution)));
            }
        }
        int in = 0;
        for (Future<HttpResponse<String>> answer : answers) {
            int status = answer.get().statusCode();
            assertThat(status).isIn(202, 403);
            in += status == 202 ? 1 : 0;
        }
        assertThat(in).isEqualTo(1);
    }

    /** A join the room refuses for its own reason (not open yet) gives the solution back: it is not spent. */
    @Test
    void aJoinTheRoomRefusesForItsOwnReasonKeepsItsSolution() throws Exception {
        HttpResponse<String> issued = one.send(HttpRequest.newBuilder(one.uri("/v1/events/" + EARLY_EVENT
                + "/queue/puzzle")).header("Authorization", "Bearer " + RoomServer.token("early-bird")));
        String solution = solved(Json.mapper().readTree(issued.body()));
        assertProblem(join(one, EARLY_EVENT, "early-bird", solution), 403, "waiting-room-not-open");
        assertProblem(join(two, EARLY_EVENT, "early-bird", solution), 403, "waiting-room-not-open");
    }

    @Test
    void aRoomWithoutAPuzzleAsksForNoneAndHasNoneToGive() throws Exception {
        assertThat(join(one, FREE_EVENT, "free", null).statusCode()).isEqualTo(202);
        HttpResponse<String> none = one.send(HttpRequest.newBuilder(one.uri("/v1/events/" + FREE_EVENT
                + "/queue/puzzle")).header("Authorization", "Bearer " + RoomServer.token("free")));
        assertProblem(none, 404, "not-found");
        HttpResponse<String> anonymous = one.send(HttpRequest.newBuilder(one.uri("/v1/events/" + EVENT
                + "/queue/puzzle")));
        assertProblem(anonymous, 401, "unauthenticated");
    }

    private static String unsolving(String challenge) {
        for (long counter = 0; ; counter++) {
            if (!PuzzleWork.solves(challenge, Long.toString(counter), BITS)) {
                return Long.toString(counter);
            }
        }
    }
}
