package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.presale.PresaleLottery;
import io.stagedoor.admission.puzzle.PuzzleWork;
import io.stagedoor.ingress.IngressFixture;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.presale.PresaleGate;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.JoinPuzzleSettings;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.PresaleSettings;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A registered presale on two instances sharing the real Redis and publishing to the real broker, from registration
 * through the draw to the wait-list: the draw is the lottery of its published seed over who registered, a code is
 * shown only to whom it was granted, opens one session of its own account on either instance, and every step is on
 * the presale topic.
 */
class PresaleIT {

    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");
    private static final Duration DAY = Duration.ofDays(1);
    private static final FakeClock CLOCK = new FakeClock(NOW);
    private static final EventCatalog CATALOG = new EventCatalog();
    private static final List<String> FANS = IntStream.rangeClosed(1, 10).mapToObj(i -> "fan-" + i).toList();
    private static TopicNames topics;
    private static RoomServer one;
    private static RoomServer two;

    @BeforeAll
    static void start() throws Exception {
        topics = RoomServer.topics();
        one = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
        two = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
    }

    @AfterAll
    static void stop() {
        one.close();
        two.close();
    }

    private static HttpResponse<String> buyer(RoomServer instance, String method, String path, String buyer,
                                              String code, String ticket) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(instance.uri(path))
                .header("Authorization", "Bearer " + RoomServer.token(buyer))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (code != null) {
            request.header(PresaleGate.CODE_HEADER, code);
        }
        if (ticket != null) {
            request.header(WaitingRoomFeature.TICKET_HEADER, ticket);
        }
        return instance.send(request);
    }

    private static HttpResponse<String> operator(RoomServer instance, String eventId, String action) throws Exception {
        return instance.send(HttpRequest.newBuilder(instance.uri("/v1/admin/events/" + eventId + "/presale/" + action))
                .header("X-Admin-Key", RoomServer.ADMIN_KEY).POST(HttpRequest.BodyPublishers.noBody()));
    }

    private static JsonNode standing(RoomServer instance, String eventId, String fan) throws Exception {
        HttpResponse<String> answer = buyer(instance, "GET", "/v1/events/" + eventId + "/presale", fan, null, null);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return Json.mapper().readTree(answer.body());
    }

    @Test
    void aPresaleRunsFromRegistrationThroughTheDrawToTheWaitListOnEitherInstance() throws Exception {
        String eventId = TestNames.unique("presale");
        Instant from = CLOCK.instant();
        EventDefinition event = RoomServer.event(eventId, true, 1000, from.plus(DAY));
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withPresale(new PresaleSettings(from, from.plus(DAY),
                from.plus(DAY), 3, from.plus(DAY.multipliedBy(2)), from.plus(DAY.multipliedBy(3))))));
        String registration = "/v1/events/" + eventId + "/presale/registration";
        for (int i = 0; i < FANS.size(); i++) {
            RoomServer instance = i % 2 == 0 ? one : two;
            assertThat(buyer(instance, "POST", registration, FANS.get(i), null, null).statusCode()).isEqualTo(201);
        }
        assertThat(buyer(two, "POST", registration, "fan-1", null, null).statusCode()).isEqualTo(200);
        assertThat(operator(one, eventId, "draw").statusCode()).isEqualTo(403);

        CLOCK.advance(DAY);
        assertThat(buyer(one, "POST", registration, "late-fan", null, null).statusCode()).isEqualTo(403);
        // the lottery waits for registrations made in time to settle
        assertThat(operator(one, eventId, "draw").statusCode()).isEqualTo(403);
        CLOCK.advance(Duration.ofSeconds(5));
        JsonNode drawn = Json.mapper().readTree(operator(one, eventId, "draw").body());
        JsonNode again = Json.mapper().readTree(operator(two, eventId, "draw").body());
        assertThat(drawn.get("granted").asInt()).isEqualTo(3);
        assertThat(again.get("granted").asInt()).isZero();
        assertThat(again.get("seed").asText()).isEqualTo(drawn.get("seed").asText());
        byte[] seed = HexFormat.of().parseHex(drawn.get("seed").asText());
        PresaleLottery.Draw lottery = PresaleLottery.draw(seed, FANS, 3);
        String first = lottery.winners().get(0);
        String second = lottery.winners().get(1);
        String third = lottery.winners().get(2);
        String loser = lottery.waitList().get(0);
        String code = standing(two, eventId, first).get("code").asText();
        assertThat(standing(one, eventId, loser).get("status").asText()).isEqualTo("wait-listed");
        assertThat(standing(one, eventId, loser).has("code")).isFalse();

        String queue = "/v1/events/" + eventId + "/queue";
        assertThat(buyer(one, "POST", queue, first, null, null).statusCode()).isEqualTo(428);
        assertThat(buyer(one, "POST", queue, loser, code, null).statusCode()).isEqualTo(403);
        HttpResponse<String> joined = buyer(one, "POST", queue, first, code, null);
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(202);
        String ticket = Json.mapper().readTree(joined.body()).get("ticket").asText();
        HttpResponse<String> secondSession = buyer(two, "POST", queue, first, code, null);
        assertThat(secondSession.statusCode()).isEqualTo(403);
        assertThat(secondSession.body()).contains("presale-code-refused", "used");
        HttpResponse<String> sameSession = buyer(two, "POST", queue, first, code, ticket);
        assertThat(sameSession.statusCode()).isEqualTo(200);
        assertThat(Json.mapper().readTree(sameSession.body()).get("ticket").asText()).isEqualTo(ticket);
        assertThat(buyer(two, "POST", queue, second, standing(one, eventId, second).get("code").asText(), null)
                .statusCode()).isEqualTo(202);
        String thirdCode = standing(one, eventId, third).get("code").asText();

        assertThat(operator(two, eventId, "wait-list").statusCode()).isEqualTo(403);
        CLOCK.advance(DAY);
        assertThat(standing(one, eventId, third).get("status").asText()).isEqualTo("expired");
        assertThat(buyer(one, "POST", queue, third, thirdCode, null).statusCode()).isEqualTo(403);
        JsonNode passed = Json.mapper().readTree(operator(two, eventId, "wait-list").body());
        assertThat(passed.get("granted").asInt()).isEqualTo(1);
        JsonNode lucky = standing(two, eventId, loser);
        assertThat(lucky.get("status").asText()).isEqualTo("from-wait-list");
        assertThat(buyer(one, "POST", queue, loser, lucky.get("code").asText(), null).statusCode()).isEqualTo(202);
        assertThat(standing(one, eventId, lottery.waitList().get(1)).get("status").asText()).isEqualTo("wait-listed");

        // the operator's second call wrote the draw again, as a call whose first writing failed would
        List<PresaleRecord> steps = steps(eventId, 11 + 2 * (1 + 3) + 3 + 1);
        assertThat(steps).filteredOn(step -> step.kind().equals(PresaleRecord.REGISTERED))
                .extracting(PresaleRecord::accountId).containsAll(FANS);
        assertThat(steps).filteredOn(step -> step.kind().equals(PresaleRecord.GRANTED))
                .extracting(PresaleRecord::accountId).containsExactly(first, second, third, first, second, third, loser);
        assertThat(steps).filteredOn(step -> step.kind().equals(PresaleRecord.USED))
                .extracting(PresaleRecord::accountId).containsExactlyInAnyOrder(first, second, loser);
        assertThat(steps).filteredOn(step -> step.kind().equals(PresaleRecord.DRAWN)).hasSize(2)
                .extracting(PresaleRecord::seed).containsOnly(drawn.get("seed").asText());
    }

    @Test
    void theLotteryRunsByItselfAtItsTimeAndTheWaitListIsPassedCodesAtTheWinnersDeadline() throws Exception {
        String eventId = TestNames.unique("scheduled-presale");
        Instant from = CLOCK.instant();
        EventDefinition event = RoomServer.event(eventId, true, 1000, from.plus(DAY));
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withPresale(new PresaleSettings(from,
                from.plus(DAY), from.plus(DAY), 1, from.plus(DAY.multipliedBy(2)), null))));
        for (String fan : List.of("early-1", "early-2", "early-3")) {
            assertThat(buyer(two, "POST", "/v1/events/" + eventId + "/presale/registration", fan, null, null)
                    .statusCode()).isEqualTo(201);
        }
        one.presales.runDueSteps();
        assertThat(standing(one, eventId, "early-1").get("status").asText()).isEqualTo("registered");

        CLOCK.advance(DAY.plusSeconds(5));
        one.presales.runDueSteps();
        two.presales.runDueSteps();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() ->
                !standing(one, eventId, "early-1").get("status").asText().equals("registered"));
        long won = List.of("early-1", "early-2", "early-3").stream().filter(fan -> {
            try {
                return standing(two, eventId, fan).get("status").asText().equals("won");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).count();
        assertThat(won).isEqualTo(1);

        CLOCK.advance(DAY);
        two.presales.runDueSteps();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> List.of("early-1", "early-2",
                "early-3").stream().anyMatch(fan -> {
                    try {
                        return standing(one, eventId, fan).get("status").asText().equals("from-wait-list");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }));
        assertThat(steps(eventId, 3 + 1 + 1 + 1)).filteredOn(step -> step.kind().equals(PresaleRecord.GRANTED))
                .hasSize(2);
    }

    /**
     * One account's code joined at once from both instances, each join with a puzzle solved for it: one session, the
     * rest refused as used. And a join the puzzle refused gives its code back, so the buyer's next join gets in.
     */
    @Test
    void aCodeRacedAcrossInstancesOpensOneSessionAndOneRefusedForItsPuzzleIsGivenBack() throws Exception {
        String eventId = TestNames.unique("raced-presale");
        Instant from = CLOCK.instant();
        EventDefinition event = RoomServer.event(eventId, true, 1000, from.plus(DAY));
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withJoinPuzzle(new JoinPuzzleSettings(8,
                Duration.ofMinutes(30), null, null)).withPresale(new PresaleSettings(from, from.plus(DAY),
                from.plus(DAY), null, from.plus(DAY.multipliedBy(2)), null))));
        for (String fan : List.of("racer", "returner")) {
            assertThat(buyer(one, "POST", "/v1/events/" + eventId + "/presale/registration", fan, null, null)
                    .statusCode()).isEqualTo(201);
        }
        CLOCK.advance(DAY.plusSeconds(5));
        assertThat(operator(one, eventId, "draw").statusCode()).isEqualTo(200);
        String queue = "/v1/events/" + eventId + "/queue";

        String returnerCode = standing(one, eventId, "returner").get("code").asText();
        assertThat(buyer(one, "POST", queue, "returner", returnerCode, null).statusCode()).isEqualTo(428);
        assertThat(join(two, eventId, "returner", returnerCode).statusCode()).isEqualTo(202);

        String racerCode = standing(two, eventId, "racer").get("code").asText();
        List<HttpRequest.Builder> joins = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            joins.add(joinRequest(i % 2 == 0 ? one : two, eventId, "racer", racerCode));
        }
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<HttpResponse<String>>> raced = new ArrayList<>();
            for (int i = 0; i < joins.size(); i++) {
                RoomServer instance = i % 2 == 0 ? one : two;
                HttpRequest.Builder request = joins.get(i);
                raced.add(threads.submit(() -> instance.send(request)));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<HttpResponse<String>> answer : raced) {
                statuses.add(answer.get().statusCode());
            }
            assertThat(statuses).containsOnlyOnce(202).filteredOn(status -> status != 202).containsOnly(403);
        } finally {
            threads.shutdownNow();
        }
    }

    /** A join of {@code fan} with {@code code} and the solution of a puzzle issued to them now. */
    private static HttpResponse<String> join(RoomServer instance, String eventId, String fan, String code)
            throws Exception {
        return instance.send(joinRequest(instance, eventId, fan, code));
    }

    private static HttpRequest.Builder joinRequest(RoomServer instance, String eventId, String fan, String code)
            throws Exception {
        HttpResponse<String> issued = buyer(instance, "GET", "/v1/events/" + eventId + "/queue/puzzle", fan, null,
                null);
        JsonNode puzzle = Json.mapper().readTree(issued.body());
        String challenge = puzzle.get("challenge").asText();
        return HttpRequest.newBuilder(instance.uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + RoomServer.token(fan)).header(PresaleGate.CODE_HEADER, code)
                .header(WaitingRoomFeature.PUZZLE_HEADER,
                        challenge + ":" + PuzzleWork.solve(challenge, puzzle.get("difficulty").asInt()))
                .POST(HttpRequest.BodyPublishers.noBody());
    }

    /** The presale steps of {@code eventId} on the topic, once at least {@code count} are there. */
    private static List<PresaleRecord> steps(String eventId, int count) {
        List<PresaleRecord> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = IngressFixture.consumer(TestNames.unique("presale"))) {
            consumer.subscribe(List.of(topics.presale()));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (record.key().equals(eventId)) {
                        records.add(Json.read(record.value(), PresaleRecord.class));
                    }
                });
                return records.size() >= count;
            });
        }
        return records;
    }
}
