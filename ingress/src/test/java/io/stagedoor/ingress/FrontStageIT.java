package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.DoorRing;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.Headers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * The front stage on a real instance (real Kafka, real Redis): a spent buyer's holds are refused before Jersey, as
 * Jersey's rings refuse them; an admitted hold is decided once; and a connection is not closed after 256 requests.
 */
class FrontStageIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HOLDS = "/v1/events/" + IngressFixture.EVENT + "/holds";
    /** An Accept the front does not take: the same request goes on to Jersey, whose rings answer it. */
    private static final String JERSEY_ONLY_ACCEPT = "application/json, */*;q=0.1";
    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start(b -> b);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void aSpentBuyersHoldsAreRefusedInTheFrontWithJerseysAnswer() throws Exception {
        String front = spentBuyer("spent-front");
        String jersey = spentBuyer("spent-jersey");
        double before = frontAnswers("holds", 429);

        // decided by Redis, then by the refusal cache: each answer as Jersey's principal ring gives the same one
        for (int round = 0; round < 2; round++) {
            RawExchange inFront = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(front), seats("S-11"), null);
            RawExchange inJersey = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(jersey), seats("S-11"),
                    JERSEY_ONLY_ACCEPT);

            assertThat(inFront.status()).isEqualTo(429);
            assertThat(inJersey.status()).isEqualTo(429);
            assertThat(inFront.headerNames()).isEqualTo(inJersey.headerNames());
            assertThat(inFront.headers().get("content-type")).isEqualTo(inJersey.headers().get("content-type"));
            JsonNode frontBody = JSON.readTree(inFront.body());
            JsonNode jerseyBody = JSON.readTree(inJersey.body());
            assertThat(fieldNames(frontBody)).isEqualTo(fieldNames(jerseyBody));
            for (String member : new String[] {"type", "title", "status", "policy"}) {
                assertThat(frontBody.get(member)).isEqualTo(jerseyBody.get(member));
            }
        }
        assertThat(frontAnswers("holds", 429) - before).isEqualTo(2);
    }

    @Test
    void anAdmittedHoldIsChargedOncePublishedOnceAndAnsweredInTheFrontAsJerseyAnswersIt() throws Exception {
        double charged = buyerSeatDecisions();
        double accepted = frontAnswers("holds", 202);

        RawExchange inFront = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(TestNames.unique("fresh")),
                seats("S-20", "S-21"), null);
        RawExchange inJersey = RawExchange.post(fixture.ingress.port(), HOLDS,
                fixture.token(TestNames.unique("fresh")), seats("S-20", "S-21"), JERSEY_ONLY_ACCEPT);

        assertThat(frontAnswers("holds", 202) - accepted).isEqualTo(1);
        assertThat(buyerSeatDecisions() - charged).isEqualTo(2);
        assertSameAccepted(inFront, inJersey);
        assertThat(inFront.headers().get("ratelimit")).isEqualTo(inJersey.headers().get("ratelimit"))
                .contains(";r=8;");
        String id = JSON.readTree(inFront.body()).get("correlationId").asText();
        assertThat(holdsPublishedAs(id)).isEqualTo(1);
    }

    // A retry with the same key gets the same id from the front and from Jersey alike (they share the key's record):
    // no copy is ever published as another request.
    @Test
    void anIdempotentHoldGetsOneIdInTheFrontAndInJersey() throws Exception {
        String buyer = TestNames.unique("retrying");
        String key = TestNames.unique("key");
        double accepted = frontAnswers("holds", 202);

        RawExchange first = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-40"), null, key);
        RawExchange again = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-40"), null, key);
        RawExchange inJersey = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-40"),
                JERSEY_ONLY_ACCEPT, key);

        assertThat(frontAnswers("holds", 202) - accepted).isEqualTo(2);
        assertSameAccepted(first, inJersey);
        String id = JSON.readTree(first.body()).get("correlationId").asText();
        assertThat(JSON.readTree(again.body()).get("correlationId").asText()).isEqualTo(id);
        assertThat(JSON.readTree(inJersey.body()).get("correlationId").asText()).isEqualTo(id);
        assertThat(first.headers().get("location")).isEqualTo("/v1/results/" + id);
        assertThat(holdsPublishedAs(id)).as("each copy under the one id the workers deduplicate").isEqualTo(3);
    }

    // A key is the caller's word that the request is the same: another hold under it, or a key no client may send,
    // is refused after the limits admitted it, in the front with Jersey's problem and the same RateLimit fields.
    @Test
    void aReusedOrMalformedKeyIsRefusedInTheFrontAsJerseyRefusesIt() throws Exception {
        String buyer = TestNames.unique("reusing");
        String key = TestNames.unique("key");
        assertThat(RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-50"), null, key)
                .status()).isEqualTo(202);
        double unprocessable = frontAnswers("holds", 422);
        double bad = frontAnswers("holds", 400);

        for (String[] attempt : new String[][] {{key, "422"}, {"k".repeat(256), "400"}}) {
            RawExchange inFront = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-51"),
                    null, attempt[0]);
            RawExchange inJersey = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-51"),
                    JERSEY_ONLY_ACCEPT, attempt[0]);

            assertThat(inFront.status()).isEqualTo(inJersey.status()).isEqualTo(Integer.parseInt(attempt[1]));
            assertThat(inFront.headerNames()).isEqualTo(inJersey.headerNames()).contains("ratelimit-policy");
            assertThat(inFront.headers().get("content-type")).isEqualTo(inJersey.headers().get("content-type"));
            assertThat(JSON.readTree(inFront.body())).isEqualTo(JSON.readTree(inJersey.body()));
        }
        assertThat(frontAnswers("holds", 422) - unprocessable).isEqualTo(1);
        assertThat(frontAnswers("holds", 400) - bad).isEqualTo(1);
    }

    /** Both answers are the 202 of one hold route: status, header names, content type, poll hint, body shape. */
    private static void assertSameAccepted(RawExchange inFront, RawExchange inJersey) throws Exception {
        assertThat(inFront.status()).isEqualTo(inJersey.status()).isEqualTo(202);
        assertThat(inFront.headerNames()).isEqualTo(inJersey.headerNames()).contains("ratelimit-policy", "location");
        for (String header : new String[] {"content-type", "retry-after", "ratelimit-policy"}) {
            assertThat(inFront.headers().get(header)).as(header).isEqualTo(inJersey.headers().get(header));
        }
        JsonNode frontBody = JSON.readTree(inFront.body());
        JsonNode jerseyBody = JSON.readTree(inJersey.body());
        assertThat(fieldNames(frontBody)).isEqualTo(fieldNames(jerseyBody));
        assertThat(frontBody.get("status")).isEqualTo(jerseyBody.get("status"));
        assertThat(inFront.headers().get("location")).isEqualTo("/v1/results/" + frontBody.get("correlationId").asText());
    }

    /** How many records on the holds topic carry {@code correlationId}. */
    private static long holdsPublishedAs(String correlationId) {
        return holdRecords().stream().filter(record -> correlationId.equals(Headers.correlationId(record.headers())))
                .count();
    }

    private static List<ConsumerRecord<String, byte[]>> holdRecords() {
        return fixture.holdRecords();
    }

    @Test
    void anInvalidHoldIsAnsweredInTheFrontWithTheProblemJerseyGives() throws Exception {
        String buyer = TestNames.unique("invalid");
        double before = frontAnswers("holds", 422);

        RawExchange inFront = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-1", "S-1"), null);
        RawExchange inJersey = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-1", "S-1"),
                JERSEY_ONLY_ACCEPT);

        assertThat(frontAnswers("holds", 422) - before).isEqualTo(1);
        assertThat(inFront.status()).isEqualTo(422);
        assertThat(JSON.readTree(inFront.body())).isEqualTo(JSON.readTree(inJersey.body()));
    }

    // A client that accepts problems alone is answered 406 by Jersey, before any ring: the front must not have
    // charged the buyer's and the organizer's buckets for a hold that is never published.
    @Test
    void aHoldThatAcceptsOnlyProblemsIsRefusedWithoutCharge() throws Exception {
        String buyer = TestNames.unique("problems-only");
        double charged = buyerSeatDecisions();

        RawExchange refused = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-30"),
                "application/problem+json");

        assertThat(refused.status()).isEqualTo(406);
        assertThat(refused.headers().get("content-type")).startsWith("application/problem+json");
        assertThat(buyerSeatDecisions()).isEqualTo(charged);
        for (int seat = 1; seat <= 10; seat++) {
            assertThat(fixture.postHold(buyer, seats("S-" + (30 + seat))).statusCode()).as("seat %d", seat)
                    .isEqualTo(202);
        }
    }

    @Test
    void aForgedTokenAndAnUnknownEventAreAnsweredInTheFrontAsJerseyAnswersThem() throws Exception {
        double unauthenticated = frontAnswers("holds", 401);
        double notFound = frontAnswers("holds", 404);
        String unknownEvent = "/v1/events/no-such-event/holds";
        String token = fixture.token(TestNames.unique("lost"));

        for (String[] request : new String[][] {{HOLDS, "forged." + token}, {unknownEvent, token}}) {
            RawExchange inFront = RawExchange.post(fixture.ingress.port(), request[0], request[1], seats("S-1"), null);
            RawExchange inJersey = RawExchange.post(fixture.ingress.port(), request[0], request[1], seats("S-1"),
                    JERSEY_ONLY_ACCEPT);

            assertThat(inFront.status()).isEqualTo(inJersey.status()).isIn(401, 404);
            assertThat(inFront.headerNames()).isEqualTo(inJersey.headerNames());
            assertThat(inFront.headers().get("www-authenticate")).isEqualTo(inJersey.headers().get("www-authenticate"));
            assertThat(JSON.readTree(inFront.body())).isEqualTo(JSON.readTree(inJersey.body()));
        }
        assertThat(frontAnswers("holds", 401) - unauthenticated).isEqualTo(1);
        assertThat(frontAnswers("holds", 404) - notFound).isEqualTo(1);
    }

    @Test
    void aBuyerWhoseShareIsFullIsRefusedInTheFrontBeforeTheBodyIsRead() throws Exception {
        String buyer = TestNames.unique("greedy");
        KeyedConcurrencyBound shares = fixture.ingress.principalShares();
        String key = "BUYER:" + buyer;
        List<Permit> held = new ArrayList<>();
        for (int i = 0; i < shares.limitPerKey(); i++) {
            held.add(shares.tryAcquire(key).orElseThrow());
        }
        double before = frontAnswers("holds", 429);
        double decisions = buyerSeatDecisions();

        // an invalid body: were it read, the answer would be 422; the share refuses first, without a limiter call
        RawExchange refused = RawExchange.post(fixture.ingress.port(), HOLDS, fixture.token(buyer), seats("S-1", "S-1"), null);

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.body()).contains("too-many-in-flight");
        assertThat(frontAnswers("holds", 429) - before).isEqualTo(1);
        assertThat(buyerSeatDecisions()).isEqualTo(decisions);
        assertThat(shares.inUse(key)).isEqualTo(shares.limitPerKey());
        held.forEach(Permit::release);
    }

    // A permit the front takes is given back when Grizzly finishes the response, whatever the answer: a buyer
    // flooding refused and invalid holds on many connections at once must not keep any of its share afterwards.
    @RepeatedTest(3)
    void aFloodOfRefusedHoldsLeavesNoShareHeld() throws Exception {
        String buyer = spentBuyer("flood");
        String token = fixture.token(buyer);
        String key = "BUYER:" + buyer;
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<RawExchange>> answers = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String body = i % 2 == 0 ? seats("S-12") : seats("S-12", "S-12");
                answers.add(clients.submit(() -> RawExchange.post(fixture.ingress.port(), HOLDS, token, body, null)));
            }
            for (Future<RawExchange> answer : answers) {
                assertThat(answer.get().status()).isIn(202, 429, 422);
            }
        }
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> fixture.ingress.principalShares().inUse(key) == 0);
    }

    // The attacker's slow body: a checkout whose body dribbles must hold no place in the checkout bound's count, or
    // ten accounts sending heads alone would make the bound look full to every buyer for as long as a body may take.
    @Test
    void aCheckoutWhoseBodyDribblesIsNotCountedOnItsWayToTheBound() throws Exception {
        String buyer = TestNames.unique("dribbler");
        String head = "POST /v1/holds/h-any/checkout HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + fixture.token(buyer) + "\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"pay";
        try (Socket socket = new Socket("127.0.0.1", fixture.ingress.port())) {
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            // the front proved the token and took the buyer's share: it has looked at the checkout
            Awaitility.await().atMost(Duration.ofSeconds(10))
                    .until(() -> fixture.ingress.principalShares().inUse("BUYER:" + buyer) == 1);

            Awaitility.await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
                    .until(() -> fixture.ingress.registry().get(IngressMetrics.CHECKOUTS_PASSING).gauge().value() == 0);
        }
    }

    /** A buyer who has spent the 10 seats of their bucket. */
    private static String spentBuyer(String name) throws Exception {
        String buyer = TestNames.unique(name);
        for (int seat = 1; seat <= 10; seat++) {
            assertThat(fixture.postHold(buyer, seats("S-" + seat)).statusCode()).isEqualTo(202);
        }
        return buyer;
    }

    @Test
    void aConnectionCarriesThreeHundredRequests() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", fixture.ingress.port())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            for (int i = 1; i <= 300; i++) {
                out.write("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                RawExchange answer = RawExchange.read(in);
                assertThat(answer.status()).as("request %d", i).isEqualTo(200);
                assertThat(answer.headers().getOrDefault("connection", "keep-alive")).as("request %d", i)
                        .isNotEqualToIgnoringCase("close");
            }
        }
    }

    private static String seats(String... seats) {
        return "{\"seats\":[\"" + String.join("\",\"", seats) + "\"]}";
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void healthIsAnsweredInTheFrontOnBothListenersAsJerseyAnswersIt() throws Exception {
        for (int port : new int[] {fixture.ingress.port(), fixture.ingress.adminPort()}) {
            for (String path : new String[] {"/health/live", "/health/ready"}) {
                // Readiness may change between two asks on a saturated machine: compare a pair that agrees.
                RawExchange[] pair = new RawExchange[2];
                double[] before = new double[1];
                Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> {
                    before[0] = frontAnswers(DoorRing.OTHER_ROUTE, 200);
                    pair[0] = RawExchange.get(port, path, null);
                    pair[1] = RawExchange.get(port, path, JERSEY_ONLY_ACCEPT);
                    return pair[0].status() == 200 && pair[1].status() == 200;
                });
                RawExchange inFront = pair[0];
                RawExchange inJersey = pair[1];

                assertThat(inFront.headerNames()).as(path).isEqualTo(inJersey.headerNames());
                assertThat(inFront.headers().get("content-type")).isEqualTo(inJersey.headers().get("content-type"));
                assertThat(JSON.readTree(inFront.body())).isEqualTo(JSON.readTree(inJersey.body()));
                assertThat(frontAnswers(DoorRing.OTHER_ROUTE, 200) - before[0]).as(path).isEqualTo(1);
            }
        }
    }

    private static double frontAnswers(String route, int status) {
        Counter counter = fixture.ingress.registry().find(IngressMetrics.FRONT_ANSWERS).tag("route", route)
                .tag("status", Integer.toString(status)).counter();
        return counter == null ? 0 : counter.count();
    }

    private static double buyerSeatDecisions() {
        return fixture.ingress.registry().find("stagedoor.admission.decisions").tag("limit", "buyer-seats")
                .counters().stream().mapToDouble(Counter::count).sum();
    }
}
