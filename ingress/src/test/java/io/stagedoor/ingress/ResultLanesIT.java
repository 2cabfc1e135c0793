package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.ids.CorrelationIds;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Decision 0028 on real workers and a results topic of three partitions: instance 0 of 2 follows partitions 0 and 2,
 * instance 1 partition 1; each names its own lanes in its ids, the inventory writes each result there, and a poll
 * on the other instance visits the lane for a window and is answered.
 */
class ResultLanesIT {

    private static final Duration VISITOR_WINDOW = Duration.ofSeconds(8);
    private static IngressFixture fixture;
    private static Ingress visitor;
    private static Workers workers;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start(b -> b.instanceCount(2).instanceIndex(0));
        visitor = fixture.secondInstance(b -> b.instanceIndex(1).resultsWindow(VISITOR_WINDOW));
        workers = fixture.startWorkers(SimulatedGateway.withDefaults());
    }

    @AfterAll
    static void stop() {
        visitor.close();
        fixture.close();
        workers.close();
    }

    @Test
    void eachInstanceNamesItsOwnLanesAndEveryResultIsWrittenToTheLaneItsIdNames() throws Exception {
        Map<String, Integer> lanes = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            String buyer = TestNames.unique("laned");
            String id = IngressFixture.correlationId(hold(fixture.ingress, buyer, "S-" + (60 + i)));
            fixture.result(fixture.ingress, buyer, id);
            lanes.put(id, CorrelationIds.lane(id));
        }
        String buyer = TestNames.unique("laned");
        String elsewhere = IngressFixture.correlationId(hold(visitor, buyer, "S-70"));
        fixture.result(visitor, buyer, elsewhere);

        assertThat(lanes.values()).containsOnly(0, 2).contains(0, 2);
        assertThat(CorrelationIds.lane(elsewhere)).isEqualTo(1);
        lanes.put(elsewhere, 1);
        assertThat(partitionsOfResults(lanes.keySet())).isEqualTo(lanes);
        assertThat(fixture.ingress.resultLanes()).isEqualTo(Set.of(0, 2));
    }

    @Test
    void aPollOnTheOtherInstanceIsAnsweredByVisitingTheLaneWhichIsLeftAWindowAfterTheLastPoll() throws Exception {
        String buyer = TestNames.unique("visited");
        String id = IngressFixture.correlationId(hold(fixture.ingress, buyer, "S-80"));
        int lane = CorrelationIds.lane(id);

        HttpResponse<String> poll = fixture.send(HttpRequest.newBuilder(IngressFixture.uri(visitor, "/v1/results/" + id))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Prefer", "wait=20"));

        assertThat(poll.statusCode()).isEqualTo(200);
        assertThat(poll.body()).contains("\"held\"");
        assertThat(visitor.resultLanes()).contains(1, lane);
        assertThat(within(Duration.ofSeconds(40), () -> visitor.resultLanes().equals(Set.of(1))))
                .as("the visited lane is left once a window passed without a poll for it").isTrue();
    }

    // An attacker's id naming another lane, with a tag of its own making, is unknown before any lookup: it makes
    // the instance follow nothing new.
    @Test
    void aForgedIdNamingAnotherLaneIs404AndVisitsNothing() throws Exception {
        String buyer = TestNames.unique("forger");
        String genuine = IngressFixture.correlationId(hold(fixture.ingress, buyer, "S-95"));
        byte[] raw = java.util.Base64.getUrlDecoder().decode(genuine);
        raw[raw.length - 1] ^= 1; // the tag no longer matches
        String forged = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        assertThat(within(Duration.ofSeconds(40), () -> visitor.resultLanes().equals(Set.of(1)))).isTrue();

        HttpResponse<String> poll = fixture.send(HttpRequest.newBuilder(IngressFixture.uri(visitor, "/v1/results/" + forged))
                .header("Authorization", "Bearer " + fixture.token(buyer)));

        assertThat(poll.statusCode()).isEqualTo(404);
        assertThat(visitor.resultLanes()).isEqualTo(Set.of(1));
    }

    @Test
    void aKeyRetriedOnTheOtherInstanceKeepsTheLaneOfItsFirstAcceptance() throws Exception {
        String buyer = TestNames.unique("retrier");
        String first = IngressFixture.correlationId(keyed(fixture.ingress, buyer, "S-90", "order-5"));
        String retry = IngressFixture.correlationId(keyed(visitor, buyer, "S-90", "order-5"));

        assertThat(retry).isEqualTo(first);
        assertThat(CorrelationIds.lane(first)).isIn(0, 2);
        assertThat(fixture.result(visitor, buyer, retry).get("status").asText()).isEqualTo("held");
    }

    private static HttpResponse<String> keyed(Ingress instance, String buyer, String seat, String key) throws Exception {
        return fixture.send(HttpRequest.newBuilder(
                        IngressFixture.uri(instance, "/v1/events/" + IngressFixture.EVENT + "/holds"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + seat + "\"]}")));
    }

    private static HttpResponse<String> hold(Ingress instance, String buyer, String seat) throws Exception {
        HttpResponse<String> answer = fixture.send(HttpRequest.newBuilder(
                        IngressFixture.uri(instance, "/v1/events/" + IngressFixture.EVENT + "/holds"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + seat + "\"]}")));
        assertThat(answer.statusCode()).isEqualTo(202);
        return answer;
    }

    private static boolean within(Duration deadline, BooleanSupplier condition) throws InterruptedException {
        Instant end = Instant.now().plus(deadline);
        while (Instant.now().isBefore(end)) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    /** The partition each result of {@code ids} was written to, read from the results topic. */
    private static Map<String, Integer> partitionsOfResults(Set<String> ids) {
        Map<String, Integer> found = new HashMap<>();
        fixture.resultRecords().stream().filter(record -> ids.contains(record.key()))
                .forEach(record -> found.put(record.key(), record.partition()));
        return found;
    }
}
