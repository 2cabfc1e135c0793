package io.stagedoor.workers;

import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Holds that nobody pays for. */
class HoldExpiryIT {

    @Test
    void anExpiredHoldFreesItsSeatsAndACheckoutAfterwardsIsRejectedWithoutACharge() throws Exception {
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(20)));
        try (TestPipeline pipeline = new TestPipeline("expiry");
             Workers workers = Workers.start(pipeline.settings().withHoldTtl(Duration.ofSeconds(2)), gateway)) {
            pipeline.event("ev", 5);
            assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();

            Result held = pipeline.awaitResult(pipeline.hold("ev", "early", List.of("s1", "s2")));
            assertThat(held.status()).isEqualTo(ResultStatus.HELD);

            await().atMost(Duration.ofSeconds(20)).until(() -> pipeline.seatChanges.stream().anyMatch(change ->
                    change.status() == SeatStatus.AVAILABLE && "expired".equals(change.cause())
                            && held.holdId().equals(change.holdId())));

            Result late = pipeline.awaitResult(pipeline.checkout("ev", held.holdId(), "early", "tok_ok").correlationId());
            assertThat(late.status()).isEqualTo(ResultStatus.REJECTED);
            assertThat(late.reason()).isEqualTo(Reasons.HOLD_EXPIRED);
            assertThat(gateway.ledger().snapshot().calls()).isZero();

            Result next = pipeline.awaitResult(pipeline.hold("ev", "next", List.of("s2")));
            assertThat(next.status()).isEqualTo(ResultStatus.HELD);
        }
    }
}
