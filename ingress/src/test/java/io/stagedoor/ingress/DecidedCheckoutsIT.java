package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.Reasons;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.utils.Utils;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A request the pipeline already decided takes nothing again, at any age and on any instance (a replay past the
 * results window is 410 at once: no token, no permit, no long-poll slot, nothing published), and a checkout key
 * names one purchase: once paid, it checks out no other hold, even after Redis forgot its fingerprint. The results
 * window is a few seconds here so that "past the window" comes quickly.
 */
class DecidedCheckoutsIT {

    private static final Duration WINDOW = Duration.ofSeconds(4);

    private static IngressFixture fixture;
    private static Ingress other;
    private static Workers workers;
    private static SimulatedGateway gateway;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start(b -> b.resultsWindow(WINDOW));
        other = fixture.secondInstance();
        gateway = new SimulatedGateway(new PayrailSettings(Duration.ofMillis(50), 0, 0, Duration.ofSeconds(30), 7));
        workers = fixture.startWorkers(gateway);
    }

    @AfterAll
    static void stop() {
        other.close();
        fixture.close();
        workers.close();
    }

    // A declined checkout leaves its hold live: before, its replay past the window read as new, took a permit, was
    // published under an id the inventory had decided (silence) and kept the permit for 30 s.
    @Test
    void twentyFiveReplaysPastTheWindowOnTwoInstancesTakeNoPermitAndTwentyOtherBuyersAreAllAccepted() throws Exception {
        String replayer = TestNames.unique("replayer");
        String replayedHold = heldSeat(replayer, "S-1");
        List<String> buyers = new ArrayList<>();
        List<String> holds = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            buyers.add(TestNames.unique("buyer"));
            holds.add(heldSeat(buyers.get(i), "S-" + (i + 2)));
        }
        String id = IngressFixture.correlationId(checkout(fixture.ingress, replayer, replayedHold, "order-1", "tok_decline"));
        assertThat(fixture.result(replayer, id).get("reason").asText()).isEqualTo(Reasons.PAYMENT_DECLINED);
        awaitGone(replayer, id);

        for (int i = 0; i < 25; i++) {
            HttpResponse<String> replay = checkout(i % 2 == 0 ? fixture.ingress : other, replayer, replayedHold,
                    "order-1", "tok_decline");
            assertThat(replay.statusCode()).as(replay.body()).isEqualTo(410);
            assertThat(replay.headers().firstValue("Content-Type")).contains("application/problem+json");
        }
        assertThat(fixture.ingress.checkoutBound().inUse()).isZero();
        assertThat(other.checkoutBound().inUse()).isZero();

        List<Future<HttpResponse<String>>> calls = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 20; i++) {
                String buyer = buyers.get(i);
                String hold = holds.get(i);
                calls.add(threads.submit(() -> checkout(fixture.ingress, buyer, hold, null, "tok_ok")));
            }
        }
        for (Future<HttpResponse<String>> call : calls) {
            assertThat(call.get().statusCode()).isEqualTo(202);
        }
    }

    // Before, an id derived from a key had no issue time, so it never read as older than the window: a long poll for
    // it waited its full time, forever.
    @Test
    void aLongPollForAKeysIdPastTheWindowAnswersGoneAtOnceOnEitherInstance() throws Exception {
        String buyer = TestNames.unique("poller");
        String hold = heldSeat(buyer, "S-40");
        String id = IngressFixture.correlationId(checkout(other, buyer, hold, "order-9", "tok_ok"));
        assertThat(fixture.result(buyer, id).get("status").asText()).isEqualTo("confirmed");
        awaitGone(buyer, id);

        for (Ingress instance : List.of(fixture.ingress, other)) {
            HttpResponse<String> poll = fixture.send(HttpRequest.newBuilder(IngressFixture.uri(instance, "/v1/results/" + id))
                    .header("Authorization", "Bearer " + fixture.token(buyer)).header("Prefer", "wait=25"));
            assertThat(poll.statusCode()).isEqualTo(410);
        }
    }

    @Test
    void aHoldReplayedPastTheWindowIsGoneAndHeldNoSecondTime() throws Exception {
        String buyer = TestNames.unique("hold-replayer");
        HttpResponse<String> first = hold(fixture.ingress, buyer, IngressFixture.EVENT, "S-41", "hold-1");
        String id = IngressFixture.correlationId(first);
        assertThat(fixture.result(buyer, id).get("status").asText()).isEqualTo("held");
        awaitGone(buyer, id);

        assertThat(hold(other, buyer, IngressFixture.EVENT, "S-41", "hold-1").statusCode()).isEqualTo(410);
    }

    // The free checkout: the first checkout's id was the gateway's key, derived from buyer and key alone; once Redis
    // forgot the key's fingerprint the same key on another event's hold published a checkout under the old id, and a
    // gateway that answers a repeated key with its first approval let the inventory sell the hold for nothing.
    @Test
    void aPaidKeyReusedOnAHoldOfAnotherEventAfterItsFingerprintIsDeletedIsRefusedAndSellsNothing() throws Exception {
        String otherEvent = eventOnAnotherPartition();
        String buyer = TestNames.unique("free-rider");
        String firstHold = heldSeat(buyer, "S-42");
        HttpResponse<String> paid = checkout(fixture.ingress, buyer, firstHold, "pay-once", "tok_ok");
        String paidId = IngressFixture.correlationId(paid);
        assertThat(fixture.result(buyer, paidId).get("status").asText()).isEqualTo("confirmed");
        int chargesBefore = gateway.ledger().snapshot().charges().size();

        deleteFingerprint(buyer, "checkout:pay-once");
        String secondHold = fixture.result(buyer, IngressFixture.correlationId(
                hold(other, buyer, otherEvent, "S-1", null))).get("holdId").asText();
        awaitLiveHold(other, buyer, otherEvent, secondHold);
        HttpResponse<String> reused = checkout(other, buyer, secondHold, "pay-once", "tok_ok");

        var refused = fixture.result(buyer, IngressFixture.correlationId(reused));
        assertThat(refused.get("status").asText()).isEqualTo("rejected");
        assertThat(refused.get("reason").asText()).isEqualTo(Reasons.CHECKOUT_ID_REUSED);
        assertThat(gateway.ledger().snapshot().charges()).hasSize(chargesBefore);
        assertThat(seatStatus(otherEvent, "S-1")).isEqualTo("held");
    }

    // Redis cannot say whether the key was used: a checkout is refused (503) rather than judged from this instance's
    // memory, where another instance's first copy is invisible.
    @Test
    void aCheckoutsKeyIsRefusedWhileRedisCannotAnswerAndAHoldsKeyFallsBack() throws Exception {
        try (var redis = io.stagedoor.testsupport.PrivateRedis.start();
             IngressFixture alone = IngressFixture.start(b -> b.redisUri(redis.uri()))) {
            String buyer = TestNames.unique("outage");
            redis.stop();
            HttpResponse<String> checkout = alone.http.send(HttpRequest.newBuilder(
                            IngressFixture.uri(alone.ingress, "/v1/holds/hold_any/checkout"))
                    .header("Authorization", "Bearer " + alone.token(buyer))
                    .header("Content-Type", "application/json").header("Idempotency-Key", "k-outage")
                    .timeout(Duration.ofSeconds(30))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"paymentToken\":\"tok_ok\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(checkout.statusCode()).isEqualTo(503);
            assertThat(checkout.headers().firstValue("Retry-After")).isPresent();
            assertThat(checkout.headers().firstValue("Content-Type")).contains("application/problem+json");
            assertThat(alone.ingress.checkoutBound().inUse()).isZero();

            HttpResponse<String> hold = alone.send(HttpRequest.newBuilder(IngressFixture.uri(alone.ingress,
                            "/v1/events/" + IngressFixture.EVENT + "/holds"))
                    .header("Authorization", "Bearer " + alone.token(buyer))
                    .header("Content-Type", "application/json").header("Idempotency-Key", "k-outage-hold")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-3\"]}")));
            assertThat(hold.statusCode()).isEqualTo(202);
        }
    }

    /** Waits until both instances' views have let {@code id}'s result go: it is older than the window. */
    private static void awaitGone(String buyer, String id) {
        Awaitility.await().atMost(WINDOW.multipliedBy(10)).pollInterval(Duration.ofMillis(200)).until(() ->
                fixture.ingress.results().find(id).isEmpty() && other.results().find(id).isEmpty());
    }

    /** Defines an event whose key lands on another partition than the fixture's, so another inventory task owns it. */
    private static String eventOnAnotherPartition() throws Exception {
        int partitions = 3;
        int fixtures = partition(IngressFixture.EVENT, partitions);
        String eventId = null;
        for (int i = 0; eventId == null; i++) {
            String candidate = "elsewhere-" + i;
            if (partition(candidate, partitions) != fixtures) {
                eventId = candidate;
            }
        }
        EventDefinition event = new EventDefinition(eventId, "Elsewhere", IngressFixture.ORGANIZER,
                Instant.parse("2026-12-02T19:00:00Z"), List.of("S-1", "S-2"), 9900, null);
        try (Publisher publisher = new Publisher(RealServers.kafkaBootstrap(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
            publisher.publish(fixture.topics.events(), eventId, eventId, event).get(10, TimeUnit.SECONDS);
        }
        String known = eventId;
        Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() ->
                fixture.send(HttpRequest.newBuilder(IngressFixture.uri(other, "/v1/events/" + known))).statusCode() == 200
                        && fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/" + known))).statusCode() == 200);
        return eventId;
    }

    private static int partition(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    private static void deleteFingerprint(String buyer, String scopedKey) {
        RedisClient client = RedisClient.create(RealServers.redisUri());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            assertThat(connection.sync().del(IdempotentRequests.slot(buyer, scopedKey))).isEqualTo(1L);
        } finally {
            client.shutdown();
        }
    }

    private static void awaitLiveHold(Ingress instance, String buyer, String eventId, String holdId) {
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> seatStatus(eventId, "S-1").equals("held"));
    }

    private static String seatStatus(String eventId, String seat) throws Exception {
        HttpResponse<String> seats = fixture.send(HttpRequest.newBuilder(IngressFixture.uri(other,
                "/v1/events/" + eventId)));
        var node = io.stagedoor.topics.json.Json.mapper().readTree(seats.body());
        for (var entry : node.path("seats")) {
            if (seat.equals(entry.path("seatId").asText())) {
                return entry.path("status").asText();
            }
        }
        return "unknown:" + seats.body();
    }

    /** Holds {@code seat} for {@code buyer} and returns the hold id once the ingress knows the hold. */
    private static String heldSeat(String buyer, String seat) throws Exception {
        String id = IngressFixture.correlationId(fixture.postHold(buyer, "{\"seats\":[\"" + seat + "\"]}"));
        return fixture.result(buyer, id).get("holdId").asText();
    }

    private static HttpResponse<String> hold(Ingress instance, String buyer, String eventId, String seat, String key)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(IngressFixture.uri(instance, "/v1/events/" + eventId + "/holds"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + seat + "\"]}"));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return fixture.send(request);
    }

    private static HttpResponse<String> checkout(Ingress instance, String buyer, String holdId, String key,
                                                 String paymentToken) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(IngressFixture.uri(instance, "/v1/holds/" + holdId + "/checkout"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString("{\"paymentToken\":\"" + paymentToken + "\"}"));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return fixture.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
