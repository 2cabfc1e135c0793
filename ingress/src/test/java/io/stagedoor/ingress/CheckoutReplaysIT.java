package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A client that replays one checkout's Idempotency-Key, on any instance, cannot take the checkout bound's permits
 * from other buyers, and a checkout refused before it was accepted does not claim its key.
 */
class CheckoutReplaysIT {

    private static IngressFixture fixture;
    private static Ingress other;
    private static Workers workers;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start();
        other = fixture.secondInstance();
        workers = fixture.startWorkers(new SimulatedGateway(
                new PayrailSettings(Duration.ofMillis(50), 0, 0, Duration.ofSeconds(30), 7)));
    }

    @AfterAll
    static void stop() {
        other.close();
        fixture.close();
        workers.close();
    }

    // The inventory answers a second copy of a checkout with silence (it was processed), so a replay that took a
    // permit after the first copy's result had arrived would keep it until the permit timeout: 25 such replays
    // would leave fewer than 20 permits for everyone else.
    @Test
    void twentyFiveReplaysOnTwoInstancesLeaveEveryPermitToTwentyOtherBuyers() throws Exception {
        String replayer = TestNames.unique("replayer");
        String replayedHold = heldSeat(replayer, "S-1");
        List<String> buyers = new ArrayList<>();
        List<String> holds = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            buyers.add(TestNames.unique("buyer"));
            holds.add(heldSeat(buyers.get(i), "S-" + (i + 2)));
        }
        HttpResponse<String> first = checkout(fixture.ingress, replayer, replayedHold, "order-1");
        String id = IngressFixture.correlationId(first);
        assertThat(fixture.result(replayer, id).get("status").asText()).isEqualTo("confirmed");

        for (int i = 0; i < 25; i++) {
            HttpResponse<String> replay = checkout(i % 2 == 0 ? fixture.ingress : other, replayer, replayedHold, "order-1");
            assertThat(replay.statusCode()).isIn(202, 429);
            if (replay.statusCode() == 202) {
                assertThat(IngressFixture.correlationId(replay)).isEqualTo(id);
            }
        }
        assertThat(fixture.ingress.checkoutBound().inUse()).isZero();
        assertThat(other.checkoutBound().inUse()).isZero();

        List<Future<HttpResponse<String>>> calls = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 20; i++) {
                String buyer = buyers.get(i);
                String hold = holds.get(i);
                calls.add(threads.submit(() -> checkout(fixture.ingress, buyer, hold, null)));
            }
        }
        for (Future<HttpResponse<String>> call : calls) {
            assertThat(call.get().statusCode()).isEqualTo(202);
        }
    }

    @Test
    void theSixthCheckoutInABurstIsRefusedByTheBuyersCheckoutLimit() throws Exception {
        String buyer = TestNames.unique("six-checkouts");
        List<String> holds = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            holds.add(heldSeat(buyer, "S-" + (70 + i)));
        }
        List<Future<HttpResponse<String>>> calls = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String hold : holds) {
                calls.add(threads.submit(() -> checkout(fixture.ingress, buyer, hold, null)));
            }
        }
        List<HttpResponse<String>> answers = new ArrayList<>();
        for (Future<HttpResponse<String>> call : calls) {
            answers.add(call.get());
        }

        assertThat(answers).filteredOn(answer -> answer.statusCode() == 202).hasSize(5);
        assertThat(answers).filteredOn(answer -> answer.statusCode() == 429).singleElement().satisfies(sixth -> {
            assertThat(sixth.headers().firstValue("Retry-After")).contains("10");
            assertThat(sixth.body()).contains("\"policy\":\"buyer-checkouts\"");
        });
    }

    @Test
    void aCheckoutRefusedForAnUnknownHoldLeavesItsIdempotencyKeyFreeForTheRealOne() throws Exception {
        String buyer = TestNames.unique("typo");
        String hold = heldSeat(buyer, "S-60");
        assertThat(checkout(fixture.ingress, buyer, "hold_typo", "order-2").statusCode()).isEqualTo(404);

        HttpResponse<String> real = checkout(other, buyer, hold, "order-2");

        assertThat(real.statusCode()).isEqualTo(202);
        assertThat(fixture.result(buyer, IngressFixture.correlationId(real)).get("status").asText()).isEqualTo("confirmed");
    }

    /** Holds {@code seat} for {@code buyer} and returns the hold id once the ingress knows the hold. */
    private static String heldSeat(String buyer, String seat) throws Exception {
        String id = IngressFixture.correlationId(fixture.postHold(buyer, "{\"seats\":[\"" + seat + "\"]}"));
        return fixture.result(buyer, id).get("holdId").asText();
    }

    private static HttpResponse<String> checkout(Ingress instance, String buyer, String holdId, String key)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(IngressFixture.uri(instance, "/v1/holds/" + holdId + "/checkout"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString("{\"paymentToken\":\"tok_ok\"}"));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return fixture.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
