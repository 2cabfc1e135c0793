package io.stagedoor.workers;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PaymentLedger;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A gateway call that outlasts the payment timeout: the checkout gets exactly one result, no seat is sold, and
 * the gateway keeps no money (it never charged, or the charge that landed late was voided).
 */
class PaymentTimeoutIT {

    private static final Duration PAYMENT_TIMEOUT = Duration.ofSeconds(1);

    /** How the gateway outlasts the timeout, and what the checkout must end with. */
    enum Slowness {
        /** {@code tok_timeout}: Payrail stays silent past the timeout and never charges; the void answers at once. */
        SILENT(PayrailSettings.TOKEN_TIMEOUT, Duration.ofMillis(50), ResultStatus.REJECTED, Reasons.PAYMENT_TIMEOUT, 0),
        /**
         * Every answer, the void's too, takes longer than the timeout: the charge lands after the timeout and is
         * voided, but no void is confirmed in time, so each lane releases the request, the broker dead-letters it
         * at the group's delivery limit and the checkout fails. Three times the timeout, so that a lane
         * starved of CPU for a second still finds no answer when it looks.
         */
        SLOW(PayrailSettings.TOKEN_OK, PAYMENT_TIMEOUT.multipliedBy(3), ResultStatus.FAILED, Reasons.PAYMENT_FAILED, 1);

        final String token;
        final Duration latency;
        final ResultStatus status;
        final String reason;
        final int charges;

        Slowness(String token, Duration latency, ResultStatus status, String reason, int charges) {
            this.token = token;
            this.latency = latency;
            this.status = status;
            this.reason = reason;
            this.charges = charges;
        }
    }

    @ParameterizedTest
    @EnumSource(Slowness.class)
    void aPaymentThatOutlastsTheTimeoutEndsInOneResultNoSaleAndNoMoneyKept(Slowness slowness) throws Exception {
        // A silent charge gives up after 3 s instead of Payrail's 30, so the test can wait for every call to end.
        SimulatedGateway gateway = new SimulatedGateway(
                new PayrailSettings(slowness.latency, 0, 0, Duration.ofSeconds(3), 42));
        try (TestPipeline pipeline = new TestPipeline("timeout");
             Workers workers = Workers.start(pipeline.settings().withPayments(20, PAYMENT_TIMEOUT,
                     WorkerSettings.defaults().recordLock()), gateway)) {
            assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();
            pipeline.event("ev", 5);
            Result held = pipeline.awaitResult(pipeline.hold("ev", "b1", List.of("s1", "s2")));
            assertThat(held.status()).isEqualTo(ResultStatus.HELD);

            CheckoutRequested checkout = pipeline.checkout("ev", held.holdId(), "b1", slowness.token);
            Result result = pipeline.awaitResult(checkout.correlationId());
            assertThat(result).extracting(Result::status, Result::reason)
                    .containsExactly(slowness.status, slowness.reason);

            // Every gateway call and every lane has finished: nothing can produce a second result any more.
            await().atMost(Duration.ofSeconds(30)).until(() -> gateway.inProgress() == 0
                    && workers.pool().orElseThrow().busyLanes() == 0);
            PaymentLedger ledger = gateway.ledger();
            assertThat(ledger.charges(pipeline.paymentKey(checkout.correlationId()))).isEqualTo(slowness.charges);
            assertThat(ledger.snapshot().kept()).isEmpty();
            if (slowness.charges > 0) {
                assertThat(ledger.wasVoided(pipeline.paymentKey(checkout.correlationId()))).isTrue();
            }

            // A later request on the same partition has its result only after everything before it was processed.
            Result marker = pipeline.awaitResult(pipeline.hold("ev", "b2", List.of("s3")));
            assertThat(marker.status()).isEqualTo(ResultStatus.HELD);
            assertThat(pipeline.results.get(checkout.correlationId())).hasSize(1);
            assertThat(pipeline.seatChanges).noneMatch(change -> change.status() == SeatStatus.SOLD);
        }
    }
}
