package io.stagedoor.workers;

import io.micrometer.core.instrument.Counter;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.Charge;
import io.stagedoor.workers.payment.PaymentGateway;
import io.stagedoor.workers.payment.PayrailSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A payment nobody can finish (the gateway answers neither the charge nor its void) is released by every lane
 * until the broker's delivery limit dead-letters it; the dead-letter reader then fails the checkout, the
 * inventory frees the hold and asks for the void, and that void, undeliverable too, is dead-lettered and counted.
 * An accepted checkout gets its one result even when no lane ever finishes its payment.
 */
class DeadLetteredPaymentIT {

    @Test
    void aPaymentNoLaneCanFinishEndsInOneFailedResultAFreedHoldAndARequestedVoid() throws Exception {
        DownGateway gateway = new DownGateway();
        try (TestPipeline pipeline = new TestPipeline("dead-letter");
             Workers workers = Workers.start(pipeline.settings(), gateway)) {
            assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();
            pipeline.event("ev", 5);
            Result held = pipeline.awaitResult(pipeline.hold("ev", "b1", List.of("s1")));

            CheckoutRequested checkout = pipeline.checkout("ev", held.holdId(), "b1", PayrailSettings.TOKEN_OK);
            Result failed = pipeline.awaitResult(checkout.correlationId());

            assertThat(failed).extracting(Result::status, Result::reason)
                    .containsExactly(ResultStatus.FAILED, Reasons.PAYMENT_FAILED);
            int limit = WorkerSettings.defaults().maxDeliveries();
            assertThat(gateway.charges(pipeline.paymentKey(checkout.correlationId()))).isBetween(1, limit);
            // the void the inventory asked for is tried by the lanes, then dead-lettered in its turn
            await().atMost(Duration.ofSeconds(60)).until(() -> gateway.voids(pipeline.paymentKey(checkout.correlationId())) > 0
                    && deadLettered(workers, "void") == 1);
            assertThat(deadLettered(workers, "payment")).isEqualTo(1);

            // the hold was given back to the buyer: a second checkout is tried again, not refused as not payable
            CheckoutRequested again = pipeline.checkout("ev", held.holdId(), "b1", PayrailSettings.TOKEN_OK);
            assertThat(pipeline.awaitResult(again.correlationId()).reason()).isEqualTo(Reasons.PAYMENT_FAILED);
            assertThat(pipeline.results.get(checkout.correlationId())).hasSize(1);
        }
    }

    @Test
    void anUnreadablePaymentRequestIsRejectedOnceAndDeadLettered() throws Exception {
        DownGateway gateway = new DownGateway();
        try (TestPipeline pipeline = new TestPipeline("unreadable");
             Workers workers = Workers.start(pipeline.settings(), gateway)) {
            assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();
            pipeline.rawPayment("garbled", "{not json".getBytes(java.nio.charset.StandardCharsets.UTF_8));

            await().atMost(Duration.ofSeconds(60)).until(() -> deadLettered(workers, "unreadable") == 1);
            assertThat(gateway.charges("garbled")).isZero();
        }
    }

    private static double deadLettered(Workers workers, String kind) {
        Counter counter = workers.metrics().registry().find(WorkerMetrics.PAYMENTS_DEAD_LETTERED).tag("kind", kind)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    /** A gateway that is down: every charge and every void fails at once, and each attempt is counted. */
    private static final class DownGateway implements PaymentGateway {

        private final Map<String, AtomicInteger> charges = new ConcurrentHashMap<>();
        private final Map<String, AtomicInteger> voids = new ConcurrentHashMap<>();

        @Override
        public CompletionStage<Charge> charge(String idempotencyKey, long amountCents, String paymentToken) {
            charges.computeIfAbsent(idempotencyKey, key -> new AtomicInteger()).incrementAndGet();
            return CompletableFuture.failedFuture(new IOException("gateway down"));
        }

        @Override
        public CompletionStage<Void> voidCharge(String idempotencyKey, String reason) {
            voids.computeIfAbsent(idempotencyKey, key -> new AtomicInteger()).incrementAndGet();
            return CompletableFuture.failedFuture(new IOException("gateway down"));
        }

        int charges(String key) {
            return charges.getOrDefault(key, new AtomicInteger()).get();
        }

        int voids(String key) {
            return voids.getOrDefault(key, new AtomicInteger()).get();
        }
    }
}
