package io.stagedoor.ingress;

import static io.stagedoor.ingress.DocumentedAnswers.untilBody;
import static io.stagedoor.ingress.DocumentedAnswers.untilStatus;
import static io.stagedoor.ingress.DocumentedAnswers.untilStatusWithin;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.PasswordHasher;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.openapi.OpenApiDocument;
import io.stagedoor.ingress.openapi.OpenApiResource;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.presale.PresaleGate;
import io.stagedoor.ingress.waitingroom.WaitingRoomFeature;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.JoinPuzzleSettings;
import io.stagedoor.topics.ParkingSettings;
import io.stagedoor.topics.PresaleSettings;
import io.stagedoor.admission.puzzle.PuzzleWork;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Real answers of every route, on a real instance with real workers, Redis and Kafka, held to the checked-in OpenAPI
 * document: each success, each problem a request can be made to provoke here (400, 401, 403 ×3, 404, 405, 406, 408,
 * 409, 410, 413, 415, 422, 429 ×2 with Retry-After and the RateLimit fields, 503 with Retry-After), from the front
 * stage and from Jersey. The last test proves every route of the document was asked and every problem type met, but those
 * named in {@link #NOT_PROVOKED} with the reason.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OpenApiIT {

    private static final String HOLDS = "/v1/events/" + IngressFixture.EVENT + "/holds";
    /** Sent by a client that takes JSON: the front stage leaves such a request to Jersey. */
    private static final String JERSEY_ONLY_ACCEPT = "application/json, */*;q=0.1";
    private static final String JSON = "application/json";
    private static final String SLOW_PASSWORD = "stagedoor";
    /**
     * Problem types this test cannot make a healthy instance answer, and why; OpenApiDocumentTest checks each as
     * rendered against the document all the same.
     */
    private static final Map<ProblemType, String> NOT_PROVOKED = Map.of(
            ProblemType.FORBIDDEN, "a 403 of the framework's own; no route refuses with it",
            ProblemType.INTERNAL, "a bug, logged",
            ProblemType.SERVICE_UNAVAILABLE, "needs Kafka or Redis down (KafkaOutageIT, IngressOutageIT)");

    private static final OpenApiDocument DOCUMENT = OpenApiDocument.served();
    private static final DocumentedAnswers ANSWERS = new DocumentedAnswers(DOCUMENT);

    private static IngressFixture fixture;
    private static Workers workers;
    private static String gateKey;

    @BeforeAll
    static void start() throws Exception {
        Path accounts = Files.createTempDirectory("accounts").resolve("accounts.json");
        // a hash slow enough that logins sent together find the one hash slot taken
        Accounts.load(accounts).put("ada@example.com", "ada", new PasswordHasher(19 * 1024, 2).hash(SLOW_PASSWORD));
        Path keys = Files.createTempDirectory("keys").resolve("api-keys.json");
        gateKey = ApiKeys.load(keys).create("gate-1", IngressFixture.ORGANIZER);
        fixture = IngressFixture.start(b -> b.accountsFile(accounts).apiKeysFile(keys).maxPasswordHashes(1)
                .trustedProxies(List.of("127.0.0.1/32")).bodyDeadline(Duration.ofSeconds(3)).maxCheckouts(1)
                .maxInFlightPerAddress(2));
        // a payment that takes 3 s holds the one checkout permit while a second checkout comes
        workers = fixture.startWorkers(new SimulatedGateway(
                new PayrailSettings(Duration.ofSeconds(3), 0, 0, Duration.ofSeconds(30), 42)));
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
        if (workers != null) {
            workers.close();
        }
    }

    @Test
    @Order(1)
    void theServedDocumentIsTheCheckedInOne() throws Exception {
        HttpResponse<String> served = check("GET", "/openapi.yaml", admin("/openapi.yaml"));

        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("Content-Type")).contains(OpenApiResource.MEDIA_TYPE);
        assertThat(served.body()).isEqualTo(Files.readString(Path.of("src/main/resources", OpenApiResource.DOCUMENT)));
    }

    @Test
    @Order(2)
    void loginAnswersAsDescribed() throws Exception {
        assertThat(check("POST", "/v1/login", login("203.0.113.1", "{\"email\":\"ada@example.com\",\"password\":\""
                + SLOW_PASSWORD + "\"}", JSON)).statusCode()).isEqualTo(200);
        assertThat(check("POST", "/v1/login", login("203.0.113.2",
                "{\"email\":\"ada@example.com\",\"password\":\"no\"}", JSON)).statusCode()).isEqualTo(401);
        assertThat(check("POST", "/v1/login", login("203.0.113.3", "{\"email\":\"not an email\",\"password\":\"x\"}",
                JSON)).statusCode()).isEqualTo(422);
        assertThat(check("POST", "/v1/login", login("203.0.113.4", "{\"email\":", JSON)).statusCode()).isEqualTo(400);
        assertThat(check("POST", "/v1/login", login("203.0.113.5", "email=ada", "text/plain")).statusCode())
                .isEqualTo(415);
        assertThat(check("POST", "/v1/login", login("203.0.113.6", "{\"email\":\"" + "a".repeat(20_000) + "\"}", JSON))
                .statusCode()).isEqualTo(413);
        assertThat(check("POST", "/v1/login", fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/login"))
                .header("Content-Type", JSON).header("Accept", "application/xml")
                .header("X-Forwarded-For", "203.0.113.7")
                .POST(HttpRequest.BodyPublishers.ofString("{}")))).statusCode()).isEqualTo(406);
        // the address limit: 10 a minute from one address, the eleventh is refused before any hash
        HttpResponse<String> refused = untilStatus(429, () -> login("203.0.113.8",
                "{\"email\":\"nobody@example.com\",\"password\":\"x\"}", JSON), 12);
        assertThat(check("POST", "/v1/login", refused).headers().firstValue("Retry-After")).isPresent();
    }

    @Test
    @Order(3)
    void aLoginPastTheHashBoundIsShedWithRetryAfter() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        int round = 0;
        while (!ANSWERS.met().contains(ProblemType.SERVICE_OVERLOADED) && System.nanoTime() < deadline) {
            List<CompletableFuture<HttpResponse<String>>> logins = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                logins.add(fixture.http.sendAsync(loginRequest("198.51." + round + "." + i,
                        "{\"email\":\"ada@example.com\",\"password\":\"" + SLOW_PASSWORD + "\"}", JSON),
                        HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> login : logins) {
                check("POST", "/v1/login", login.get(60, TimeUnit.SECONDS));
            }
            round++;
        }
        assertThat(ANSWERS.met()).contains(ProblemType.SERVICE_OVERLOADED);
    }

    @Test
    @Order(4)
    void slowBodiesHoldTheirAddressesShareAndAreARequestTimeout() throws Exception {
        Map<String, String> address = Map.of("X-Forwarded-For", "203.0.113.9");
        String body = "{\"email\":\"ada@example.com\",\"password\":\"x\"}";
        // two bodies dribbled slower than the 3 s deadline hold the address's share of the door (2 here)
        Duration pace = Duration.ofMillis(500);
        try (SlowBody first = SlowBody.post(fixture.ingress.port(), "/v1/login", address, body, pace);
             SlowBody second = SlowBody.post(fixture.ingress.port(), "/v1/login", address, body, pace)) {
            Awaitility.await().atMost(Duration.ofSeconds(3)).until(() -> fixture.ingress.registry()
                    .get(IngressMetrics.IN_FLIGHT).gauge().value() == 2);
            HttpResponse<String> third = login("203.0.113.9", body, JSON);
            assertThat(check("POST", "/v1/login", third).body()).contains(ProblemType.TOO_MANY_IN_FLIGHT.slug());
            for (SlowBody slow : List.of(first, second)) {
                SlowBody.Answer answer = slow.answer().get(30, TimeUnit.SECONDS);
                ANSWERS.check("POST", "/v1/login", answer);
                assertThat(answer.status()).isEqualTo(408);
            }
        }
    }

    @Test
    @Order(5)
    void holdsCheckoutsAndResultsAnswerAsDescribed() throws Exception {
        String buyer = TestNames.unique("buyer");
        HttpResponse<String> front = check("POST", HOLDS, hold(buyer, "{\"seats\":[\"S-1\"]}", null));
        HttpResponse<String> jersey = check("POST", HOLDS, hold(buyer, "{\"seats\":[\"S-2\"]}", JERSEY_ONLY_ACCEPT));
        assertThat(List.of(front.statusCode(), jersey.statusCode())).containsOnly(202);
        assertThat(front.headers().firstValue("RateLimit")).isPresent();
        assertThat(jersey.headers().firstValue("RateLimit-Policy")).isPresent();

        String holdCorrelation = IngressFixture.correlationId(front);
        HttpResponse<String> result = untilStatus(200, () -> fixture.send(get("/v1/results/" + holdCorrelation, buyer)
                .header("Prefer", "wait=5")), 10);
        check("GET", "/v1/results/" + holdCorrelation, result);
        String holdId = Json.mapper().readTree(result.body()).get("holdId").asText();
        String otherHold = holdIdOf(IngressFixture.correlationId(jersey), buyer);

        // before the checkout that takes the one permit: while it is taken, a checkout of a live hold is shed
        assertThat(check("POST", "/v1/holds/hold-nobody-has/checkout", fixture.send(
                checkoutRequest(buyer, "hold-nobody-has", "{\"paymentToken\":\"tok_ok\"}"))).statusCode())
                .isEqualTo(404);
        assertThat(check("POST", "/v1/holds/" + otherHold + "/checkout", fixture.send(
                checkoutRequest(buyer, otherHold, "{}"))).statusCode()).isEqualTo(422);
        assertThat(check("POST", "/v1/holds/" + otherHold + "/checkout", fixture.send(HttpRequest.newBuilder(
                fixture.uri("/v1/holds/" + otherHold + "/checkout")).header("Content-Type", JSON)
                .POST(HttpRequest.BodyPublishers.ofString("{}")))).statusCode()).isEqualTo(401);
        HttpResponse<String> checkout = check("POST", "/v1/holds/" + holdId + "/checkout",
                fixture.send(checkoutRequest(buyer, holdId, "{\"paymentToken\":\"tok_ok\"}")));
        assertThat(checkout.statusCode()).isEqualTo(202);
        // the payment takes 3 s: the result is pending, and the one checkout permit is taken
        String checkoutCorrelation = IngressFixture.correlationId(checkout);
        assertThat(check("GET", "/v1/results/" + checkoutCorrelation,
                fixture.send(get("/v1/results/" + checkoutCorrelation, buyer))).statusCode()).isEqualTo(202);
        HttpResponse<String> shed = check("POST", "/v1/holds/" + otherHold + "/checkout",
                fixture.send(checkoutRequest(buyer, otherHold, "{\"paymentToken\":\"tok_ok\"}")));
        assertThat(shed.statusCode()).isEqualTo(503);
        assertThat(shed.headers().firstValue("Retry-After")).contains("2");

        String unknown = "/v1/results/nobody-made-this";
        assertThat(check("GET", unknown, fixture.send(get(unknown, buyer))).statusCode()).isEqualTo(404);
        assertThat(check("GET", "/v1/results/" + holdCorrelation, fixture.send(HttpRequest.newBuilder(
                fixture.uri("/v1/results/" + holdCorrelation))))).extracting(HttpResponse::statusCode).isEqualTo(401);
    }

    @Test
    @Order(6)
    void holdProblemsAnswerAsDescribed() throws Exception {
        String buyer = TestNames.unique("buyer");
        for (String accept : new String[] {null, JERSEY_ONLY_ACCEPT}) {
            assertThat(check("POST", HOLDS, hold(buyer, "{\"seats\":", accept)).statusCode()).isEqualTo(400);
            assertThat(check("POST", HOLDS, hold(buyer, "{\"seats\":[]}", accept)).statusCode()).isEqualTo(422);
            String tooLarge = "{\"seats\":[\"" + "S-1\",\"".repeat(3_000) + "S-2\"]}";
            assertThat(check("POST", HOLDS, hold(buyer, tooLarge, accept)).statusCode()).isEqualTo(413);
            assertThat(check("POST", "/v1/events/no-such-event/holds", fixture.send(HttpRequest.newBuilder(
                    fixture.uri("/v1/events/no-such-event/holds")).header("Authorization", "Bearer " + fixture.token(buyer))
                    .header("Content-Type", JSON).header("Accept", accept == null ? "*/*" : accept)
                    .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-1\"]}")))).statusCode()).isEqualTo(404);
        }
        assertThat(check("POST", HOLDS, hold(buyer, "{\"seats\":[\"S-3\"]}", Problem.MEDIA_TYPE)).statusCode())
                .isEqualTo(406);
        assertThat(check("POST", HOLDS, fixture.send(HttpRequest.newBuilder(fixture.uri(HOLDS))
                .header("Authorization", "Bearer " + fixture.token(buyer)).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("S-3")))).statusCode()).isEqualTo(415);
        assertThat(check("POST", HOLDS, fixture.send(HttpRequest.newBuilder(fixture.uri(HOLDS))
                .header("Content-Type", JSON).POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-3\"]}"))))
                .statusCode()).isEqualTo(401);
        // the buyer's bucket holds 10 seats: a hold of 8, then one of 8 more is refused
        String spender = TestNames.unique("spender");
        for (String accept : new String[] {null, JERSEY_ONLY_ACCEPT}) {
            HttpResponse<String> refused = untilStatus(429, () -> hold(spender,
                    "{\"seats\":[\"S-41\",\"S-42\",\"S-43\",\"S-44\",\"S-45\",\"S-46\",\"S-47\",\"S-48\"]}", accept), 3);
            check("POST", HOLDS, refused);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        }
        // the RateLimit fields of a refusal some bucket measured, in the front stage and in Jersey
        assertThat(ANSWERS.asked()).contains("POST " + "/v1/events/{eventId}/holds 429");
        assertThat(ANSWERS.met()).contains(ProblemType.RATE_LIMITED);
    }

    @Test
    @Order(7)
    void theWaitingRoomAnswersAsDescribed() throws Exception {
        Instant now = Instant.now();
        Duration lifetime = Duration.ofMinutes(15);
        String open = putEvent(TestNames.unique("room"),
                new WaitingRoomSettings(true, 1000, now.minusSeconds(1), lifetime, null, null, null, null));
        String closed = putEvent(TestNames.unique("closed"),
                new WaitingRoomSettings(true, 10, now.minusSeconds(1), lifetime, null, WaitingRoomSettings.REJECT, null, null));
        String early = putEvent(TestNames.unique("early"),
                new WaitingRoomSettings(true, 10, now.plusSeconds(3600), lifetime, null, null, now.plusSeconds(1800), null));
        String buyer = TestNames.unique("waiting");
        String queue = "/v1/events/" + open + "/queue";

        HttpResponse<String> joined = check("POST", queue, fixture.send(post(queue, buyer, "")));
        assertThat(joined.statusCode()).isEqualTo(202);
        String ticket = Json.mapper().readTree(joined.body()).get("ticket").asText();
        assertThat(check("POST", queue, fixture.send(post(queue, buyer, "")
                .header(WaitingRoomFeature.TICKET_HEADER, ticket))).statusCode()).isEqualTo(200);
        HttpResponse<String> admitted = untilBody("\"admitted\"",
                () -> fixture.send(get(queue + "/" + ticket, buyer)), 100);
        check("GET", queue + "/" + ticket, admitted);
        String pass = Json.mapper().readTree(admitted.body()).get("pass").asText();

        String roomHolds = "/v1/events/" + open + "/holds";
        assertThat(check("POST", roomHolds, fixture.send(post(roomHolds, buyer, "{\"seats\":[\"S-1\"]}")))
                .statusCode()).isEqualTo(403);
        assertThat(check("POST", roomHolds, fixture.send(post(roomHolds, buyer, "{\"seats\":[\"S-1\"]}")
                .header(WaitingRoomFeature.PASS_HEADER, pass))).statusCode()).isEqualTo(202);

        String room = "/v1/admin/events/" + open + "/waiting-room";
        assertThat(check("GET", room, fixture.send(adminRequest(room).GET())).statusCode()).isEqualTo(200);
        assertThat(check("PUT", room, fixture.send(adminRequest(room).header("Content-Type", JSON)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"entryRatePerSecond\":500}")))).statusCode()).isEqualTo(200);
        assertThat(check("PUT", room, fixture.send(adminRequest(room).header("Content-Type", JSON)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"entryRatePerSecond\":-1}")))).statusCode()).isEqualTo(422);
        assertThat(check("GET", "/v1/admin/events/no-such-event/waiting-room", fixture.send(
                adminRequest("/v1/admin/events/no-such-event/waiting-room").GET())).statusCode()).isEqualTo(404);
        assertThat(check("PUT", room + "/parked/nobody", fixture.send(adminRequest(room + "/parked/nobody")
                .header("Content-Type", JSON).PUT(HttpRequest.BodyPublishers.ofString("{\"reason\":\"no lane\"}"))))
                .statusCode()).isEqualTo(422);
        String parking = putEvent(TestNames.unique("parking"), new WaitingRoomSettings(true, 1000,
                now.minusSeconds(1), lifetime, null, null, null, null).withParking(ParkingSettings.defaults()));
        String parked = "/v1/admin/events/" + parking + "/waiting-room/parked";
        assertThat(check("GET", parked, fixture.send(adminRequest(parked).GET())).statusCode()).isEqualTo(200);
        assertThat(check("GET", parked, fixture.send(adminRequest(parked + "?limit=0").GET())).statusCode())
                .isEqualTo(422);
        String parkedBot = parked + "/" + TestNames.unique("bot");
        assertThat(check("PUT", parkedBot, fixture.send(adminRequest(parkedBot).header("Content-Type", JSON)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"reason\":\"a known script\"}")))).statusCode())
                .isEqualTo(201);
        assertThat(check("PUT", parkedBot, fixture.send(adminRequest(parkedBot).header("Content-Type", JSON)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"reason\":\"again\"}")))).statusCode()).isEqualTo(200);
        assertThat(check("GET", parked, fixture.send(adminRequest(parked).GET())).body()).contains("a known script");
        assertThat(check("DELETE", parkedBot, fixture.send(adminRequest(parkedBot).DELETE())).statusCode())
                .isEqualTo(204);
        assertThat(check("DELETE", parkedBot, fixture.send(adminRequest(parkedBot).DELETE())).statusCode())
                .isEqualTo(404);
        String session = room + "/sessions/" + buyer;
        assertThat(check("DELETE", session, fixture.send(adminRequest(session).DELETE())).statusCode()).isEqualTo(204);
        assertThat(check("DELETE", session, fixture.send(adminRequest(session).DELETE())).statusCode()).isEqualTo(404);

        String leaver = TestNames.unique("leaver");
        check("POST", queue, fixture.send(post(queue, leaver, "")));
        // 204 once the room (500 a second) has admitted the leaver, 404 if it has not yet: both are described
        assertThat(check("DELETE", queue, fixture.send(delete(queue, leaver))).statusCode()).isIn(204, 404);
        assertThat(check("DELETE", queue, fixture.send(delete(queue, leaver))).statusCode()).isEqualTo(404);
        String unknownTicket = queue + "/not-a-ticket";
        assertThat(check("GET", unknownTicket, fixture.send(get(unknownTicket, buyer))).statusCode()).isEqualTo(404);
        assertThat(check("POST", queue, fixture.send(HttpRequest.newBuilder(fixture.uri(queue))
                .POST(HttpRequest.BodyPublishers.noBody()))).statusCode()).isEqualTo(401);
        String closedQueue = "/v1/events/" + closed + "/queue";
        assertThat(check("POST", closedQueue, fixture.send(post(closedQueue, buyer, ""))).statusCode()).isEqualTo(403);
        String earlyQueue = "/v1/events/" + early + "/queue";
        HttpResponse<String> notOpen = check("POST", earlyQueue, fixture.send(post(earlyQueue, buyer, "")));
        assertThat(notOpen.statusCode()).isEqualTo(403);
        assertThat(notOpen.headers().firstValue("Retry-After")).isPresent();
        assertThat(ANSWERS.met()).contains(ProblemType.WAITING_ROOM, ProblemType.WAITING_ROOM_CLOSED,
                ProblemType.WAITING_ROOM_NOT_OPEN);
    }

    @Test
    @Order(7)
    void aPresaleAnswersAsDescribed() throws Exception {
        Instant now = Instant.now();
        Duration hour = Duration.ofHours(1);
        String registering = putEvent(TestNames.unique("presale-open"), new WaitingRoomSettings(true, 1000,
                now.minusSeconds(1), Duration.ofMinutes(15), null, null, null, null).withPresale(new PresaleSettings(
                now.minus(hour), now.plus(hour), now.plus(hour), 100, now.plus(hour.multipliedBy(2)), null)));
        String drawing = putEvent(TestNames.unique("presale-drawn"), new WaitingRoomSettings(true, 1000,
                now.minusSeconds(1), Duration.ofMinutes(15), null, null, null, null).withPresale(new PresaleSettings(
                now.minus(hour.multipliedBy(3)), now.minus(hour.multipliedBy(2)), now.minus(hour), null, now.plus(hour),
                null)));
        String buyer = TestNames.unique("fan");
        String registration = "/v1/events/" + registering + "/presale/registration";
        assertThat(check("POST", registration, fixture.send(post(registration, buyer, ""))).statusCode())
                .isEqualTo(201);
        assertThat(check("POST", registration, fixture.send(post(registration, buyer, ""))).statusCode())
                .isEqualTo(200);
        String standing = "/v1/events/" + registering + "/presale";
        assertThat(check("GET", standing, fixture.send(get(standing, buyer))).body()).contains("\"registered\"");
        String lateRegistration = "/v1/events/" + drawing + "/presale/registration";
        assertThat(check("POST", lateRegistration, fixture.send(post(lateRegistration, buyer, ""))).statusCode())
                .isEqualTo(403);
        String unknown = "/v1/events/" + TestNames.unique("no-presale") + "/presale";
        assertThat(check("GET", unknown, fixture.send(get(unknown, buyer))).statusCode()).isEqualTo(404);

        String admin = "/v1/admin/events/" + registering + "/presale";
        assertThat(check("GET", admin, fixture.send(adminRequest(admin).GET())).statusCode()).isEqualTo(200);
        assertThat(check("POST", admin + "/draw", fixture.send(adminRequest(admin + "/draw")
                .POST(HttpRequest.BodyPublishers.noBody()))).statusCode()).isEqualTo(403);
        assertThat(check("POST", admin + "/wait-list", fixture.send(adminRequest(admin + "/wait-list")
                .POST(HttpRequest.BodyPublishers.noBody()))).statusCode()).isEqualTo(403);
        String drawn = "/v1/admin/events/" + drawing + "/presale";
        assertThat(check("POST", drawn + "/draw", fixture.send(adminRequest(drawn + "/draw")
                .POST(HttpRequest.BodyPublishers.noBody()))).statusCode()).isEqualTo(200);

        String queue = "/v1/events/" + drawing + "/queue";
        assertThat(check("POST", queue, fixture.send(post(queue, buyer, ""))).statusCode()).isEqualTo(428);
        assertThat(check("POST", queue, fixture.send(post(queue, buyer, "")
                .header(PresaleGate.CODE_HEADER, "not-a-code"))).statusCode()).isEqualTo(403);
        assertThat(ANSWERS.met()).contains(ProblemType.PRESALE_CODE_REQUIRED, ProblemType.PRESALE_CODE_REFUSED,
                ProblemType.PRESALE_CLOSED);
    }

    @Test
    @Order(7)
    void aRoomWithAJoinPuzzleAnswersAsDescribed() throws Exception {
        Instant now = Instant.now();
        String puzzled = putEvent(TestNames.unique("puzzled"), new WaitingRoomSettings(true, 1000, now.minusSeconds(1),
                Duration.ofMinutes(15), null, null, null, null).withJoinPuzzle(new JoinPuzzleSettings(4, null, null, null)));
        String buyer = TestNames.unique("solver");
        String queue = "/v1/events/" + puzzled + "/queue";
        HttpResponse<String> issued = check("GET", queue + "/puzzle", fixture.send(get(queue + "/puzzle", buyer)));
        assertThat(issued.statusCode()).isEqualTo(200);
        assertThat(check("POST", queue, fixture.send(post(queue, buyer, ""))).statusCode()).isEqualTo(428);
        assertThat(check("POST", queue, fixture.send(post(queue, buyer, "")
                .header(WaitingRoomFeature.PUZZLE_HEADER, "not-a-solution"))).statusCode()).isEqualTo(403);
        JsonNode puzzle = Json.mapper().readTree(issued.body());
        String challenge = puzzle.get("challenge").asText();
        String solution = challenge + ":" + PuzzleWork.solve(challenge, puzzle.get("difficulty").asInt());
        assertThat(check("POST", queue, fixture.send(post(queue, buyer, "")
                .header(WaitingRoomFeature.PUZZLE_HEADER, solution))).statusCode()).isEqualTo(202);
        String free = putEvent(TestNames.unique("unpuzzled"), new WaitingRoomSettings(true, 1000, now.minusSeconds(1),
                Duration.ofMinutes(15)));
        String freePuzzle = "/v1/events/" + free + "/queue/puzzle";
        assertThat(check("GET", freePuzzle, fixture.send(get(freePuzzle, buyer))).statusCode()).isEqualTo(404);
        assertThat(ANSWERS.met()).contains(ProblemType.PUZZLE_REQUIRED, ProblemType.PUZZLE_REFUSED);
    }

    @Test
    @Order(8)
    void scansAnswerAsDescribed() throws Exception {
        SeatChange sold = new SeatChange(IngressFixture.EVENT, List.of("S-297"), SeatStatus.SOLD, "hold_x", "sold",
                Instant.now(), List.of("tkt_scan_one"));
        Duration wait = Duration.ofSeconds(5);
        try (Publisher publisher = new Publisher(RealServers.kafkaBootstrap(), wait, wait)) {
            publisher.publish(fixture.topics.seatChanges(), IngressFixture.EVENT, "sale", sold)
                    .get(10, TimeUnit.SECONDS);
        }
        HttpResponse<String> admitted = untilStatusWithin(200, () -> scan(gateKey, "{\"ticket\":\"tkt_scan_one\"}"),
                Duration.ofSeconds(10));
        check("POST", "/v1/scans", admitted);
        assertThat(check("POST", "/v1/scans", scan(gateKey, "{\"ticket\":\"tkt_scan_one\"}")).statusCode()).isEqualTo(409);
        assertThat(check("POST", "/v1/scans", scan(gateKey, "{\"ticket\":\"tkt_nobody\"}")).statusCode()).isEqualTo(404);
        assertThat(check("POST", "/v1/scans", scan(gateKey, "{\"ticket\":")).statusCode()).isEqualTo(400);
        assertThat(check("POST", "/v1/scans", scan("sk_forged", "{\"ticket\":\"tkt_nobody\"}")).statusCode())
                .isEqualTo(401);
        // 50 scans at once, then 20 a second
        HttpResponse<String> refused = untilStatus(429, () -> scan(gateKey, "{\"ticket\":\"tkt_nobody\"}"), 120);
        check("POST", "/v1/scans", refused);
    }

    @Test
    @Order(9)
    void eventsAndAdminEventsAnswerAsDescribed() throws Exception {
        assertThat(check("GET", "/v1/events", fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events"))))
                .statusCode()).isEqualTo(200);
        assertThat(check("GET", "/v1/events", admin("/v1/events")).statusCode()).isEqualTo(200);
        String one = "/v1/events/" + IngressFixture.EVENT;
        assertThat(check("GET", one, fixture.send(HttpRequest.newBuilder(fixture.uri(one)))).statusCode())
                .isEqualTo(200);
        assertThat(check("GET", "/v1/events/no-such-event", fixture.send(HttpRequest.newBuilder(
                fixture.uri("/v1/events/no-such-event")))).statusCode()).isEqualTo(404);

        String path = "/v1/admin/events/" + IngressFixture.EVENT;
        assertThat(check("PUT", path, fixture.send(adminRequest(path).header("Content-Type", JSON)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"eventId\":")))).statusCode()).isEqualTo(400);
        assertThat(check("PUT", path, fixture.send(adminRequest(path).header("Content-Type", JSON)
                .PUT(HttpRequest.BodyPublishers.ofString(Json.mapper().writeValueAsString(event("another-id", null))))))
                .statusCode()).isEqualTo(422);
        assertThat(check("PUT", path, fixture.send(HttpRequest.newBuilder(fixture.adminUri(path))
                .header("Content-Type", JSON).PUT(HttpRequest.BodyPublishers.ofString("{}")))).statusCode())
                .isEqualTo(401);
    }

    @Test
    @Order(10)
    void healthMetricsAndPagesAnswerAsDescribed() throws Exception {
        for (String accept : new String[] {JSON, JERSEY_ONLY_ACCEPT}) {
            for (String health : new String[] {"/health/live", "/health/ready"}) {
                assertThat(check("GET", health, fixture.send(HttpRequest.newBuilder(fixture.uri(health))
                        .header("Accept", accept))).statusCode()).isEqualTo(200);
            }
        }
        HttpResponse<String> metrics = check("GET", "/metrics", admin("/metrics"));
        assertThat(metrics.statusCode()).isEqualTo(200);

        HttpResponse<String> page = check("GET", "/", fixture.send(HttpRequest.newBuilder(fixture.uri("/"))));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(check("GET", "/", fixture.send(HttpRequest.newBuilder(fixture.uri("/"))
                .header("If-None-Match", page.headers().firstValue("ETag").orElseThrow()))).statusCode()).isEqualTo(304);
        assertThat(check("GET", "/ops", admin("/ops")).statusCode()).isEqualTo(200);
        for (String file : new String[] {"/static/js/api.js", "/static/css/stagedoor.css", "/static/icon.svg"}) {
            assertThat(check("GET", file, fixture.send(HttpRequest.newBuilder(fixture.uri(file)))).statusCode())
                    .isEqualTo(200);
        }
        assertThat(check("GET", "/static/no-such.css", fixture.send(HttpRequest.newBuilder(
                fixture.uri("/static/no-such.css")))).statusCode()).isEqualTo(404);
        assertThat(check("GET", "/metrics", fixture.send(HttpRequest.newBuilder(fixture.adminUri("/metrics"))
                .header("Accept", JSON))).statusCode()).isEqualTo(406);
    }

    @Test
    @Order(11)
    void aMethodAPathDoesNotHaveIsAMethodNotAllowedProblem() throws Exception {
        HttpResponse<String> answer = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/login")).GET());

        assertThat(answer.statusCode()).isEqualTo(405);
        assertThat(answer.headers().firstValue("Content-Type")).contains(Problem.MEDIA_TYPE);
        assertThat(DOCUMENT.violationsOf("ProblemMethodNotAllowed", answer.body())).isEmpty();
        ANSWERS.meet(ProblemType.METHOD_NOT_ALLOWED);
    }

    @Test
    @Order(12)
    void aDocumentThatSaysOtherwiseIsCaught() throws Exception {
        String yaml = new String(OpenApiResource.read(), StandardCharsets.UTF_8);
        HttpResponse<String> health = fixture.send(HttpRequest.newBuilder(fixture.uri("/health/live")));
        HttpResponse<String> refused = hold(TestNames.unique("buyer"), "{\"seats\":[]}", null);

        assertThat(OpenApiDocument.of(yaml).violations("GET", "/health/live", health)).isEmpty();
        assertThat(OpenApiDocument.of(yaml.replace("enum: [live, ready, not-ready]", "enum: [ready, not-ready]"))
                .violations("GET", "/health/live", health)).singleElement().asString().contains("body");
        assertThat(OpenApiDocument.of(yaml.replace("/problems/unprocessable}, status: {const: 422}",
                "/problems/unprocessable}, status: {const: 400}")).violations("POST", HOLDS, refused)).isNotEmpty();
        assertThat(OpenApiDocument.of(yaml.replace("        '422': {$ref: '#/components/responses/Unprocessable'}\n"
                + "        '429': {$ref: '#/components/responses/TooManyRequests'}\n        '500': {$ref: '#/components/"
                + "responses/Internal'}\n        '503': {$ref: '#/components/responses/Unavailable'}\n\n  /v1/holds",
                "        '500': {$ref: '#/components/responses/Internal'}\n\n  /v1/holds"))
                .violations("POST", HOLDS, refused)).singleElement().asString().contains("not described");
        assertThat(OpenApiDocument.of(yaml.replace("schema: {type: string, pattern: '^/v1/results/'}",
                "schema: {type: string, pattern: '^/v2/results/'}")).violations("POST", HOLDS,
                hold(TestNames.unique("buyer"), "{\"seats\":[\"S-5\"]}", null))).singleElement().asString()
                .contains("Location");
    }

    @Test
    @Order(13)
    void aResultOlderThanTheResultsWindowIsGone() throws Exception {
        String buyer = TestNames.unique("late");
        String correlationId = IngressFixture.correlationId(hold(buyer, "{\"seats\":[\"S-9\"]}", null));
        // an instance that keeps results for 1 s: the id says when it was issued, so past that its poll is 410
        try (Ingress shortWindow = fixture.secondInstance(b -> b.port(0).adminPort(0)
                .resultsWindow(Duration.ofSeconds(1)))) {
            String path = "/v1/results/" + correlationId;
            HttpResponse<String> gone = untilStatusWithin(410, () -> fixture.send(HttpRequest.newBuilder(
                    IngressFixture.uri(shortWindow, path)).header("Authorization", "Bearer " + fixture.token(buyer))),
                    Duration.ofSeconds(20));
            assertThat(check("GET", path, gone).statusCode()).isEqualTo(410);
        }
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void everyRouteWasAskedAndEveryProblemTypeMet() {
        assertThat(ANSWERS.routesAsked()).containsExactlyInAnyOrderElementsOf(DOCUMENT.routes());
        Set<ProblemType> expected = EnumSet.allOf(ProblemType.class);
        expected.removeAll(NOT_PROVOKED.keySet());
        assertThat(ANSWERS.met()).containsExactlyInAnyOrderElementsOf(expected);
    }

    // ---- requests, and the check every answer passes

    /** Fails unless {@code answer} fits the document; records what it covered. */
    private static <T extends HttpResponse<String>> T check(String method, String path, T answer) {
        return ANSWERS.check(method, path, answer);
    }

    private static String holdIdOf(String correlationId, String buyer) throws Exception {
        return fixture.result(buyer, correlationId).get("holdId").asText();
    }

    private static HttpResponse<String> login(String address, String body, String contentType) throws Exception {
        return fixture.http.send(loginRequest(address, body, contentType), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest loginRequest(String address, String body, String contentType) {
        return HttpRequest.newBuilder(fixture.uri("/v1/login")).header("Content-Type", contentType)
                .header("X-Forwarded-For", address).timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static HttpResponse<String> hold(String buyer, String body, String accept) throws Exception {
        HttpRequest.Builder request = post(HOLDS, buyer, body);
        if (accept != null) {
            request.header("Accept", accept);
        }
        return fixture.send(request);
    }

    private static HttpRequest.Builder post(String path, String buyer, String body) {
        return HttpRequest.newBuilder(fixture.uri(path)).header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", JSON).POST(body.isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
    }

    private static HttpRequest.Builder get(String path, String buyer) {
        return HttpRequest.newBuilder(fixture.uri(path)).header("Authorization", "Bearer " + fixture.token(buyer));
    }

    private static HttpRequest.Builder delete(String path, String buyer) {
        return HttpRequest.newBuilder(fixture.uri(path)).header("Authorization", "Bearer " + fixture.token(buyer))
                .DELETE();
    }

    private static HttpRequest.Builder checkoutRequest(String buyer, String holdId, String body) {
        return post("/v1/holds/" + holdId + "/checkout", buyer, body);
    }

    private static HttpResponse<String> scan(String key, String body) throws Exception {
        return fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/scans")).header("X-Api-Key", key)
                .header("Content-Type", JSON).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static HttpRequest.Builder adminRequest(String path) {
        return HttpRequest.newBuilder(fixture.adminUri(path))
                .header(AuthenticationRing.ADMIN_KEY_HEADER, fixture.settings.auth().adminKey());
    }

    private static HttpResponse<String> admin(String path) throws Exception {
        return fixture.send(HttpRequest.newBuilder(fixture.adminUri(path)));
    }

    private static EventDefinition event(String eventId, WaitingRoomSettings room) {
        return new EventDefinition(eventId, eventId, IngressFixture.ORGANIZER, Instant.parse("2026-12-01T19:00:00Z"),
                List.of("S-1", "S-2", "S-3"), 4500, room, null);
    }

    /** Writes an event through the admin route (checking its answer); returns its id. */
    private static String putEvent(String eventId, WaitingRoomSettings room) throws Exception {
        String path = "/v1/admin/events/" + eventId;
        HttpResponse<String> written = check("PUT", path, fixture.send(adminRequest(path).header("Content-Type", JSON)
                .PUT(HttpRequest.BodyPublishers.ofString(Json.mapper().writeValueAsString(event(eventId, room))))));
        assertThat(written.statusCode()).as(written.body()).isEqualTo(200);
        return eventId;
    }
}
