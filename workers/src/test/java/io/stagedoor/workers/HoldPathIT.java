package io.stagedoor.workers;

import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The hold path of the walking skeleton, against the real broker. */
class HoldPathIT {

    @Test
    void aHoldOfFreeSeatsIsHeldAndASecondBuyerOnTheSameSeatIsRejected() throws Exception {
        try (TestPipeline pipeline = new TestPipeline("hold-path");
             Workers workers = Workers.start(pipeline.settings().withRoles(java.util.Set.of(WorkerRole.INVENTORY)),
                     SimulatedGateway.withDefaults())) {
            pipeline.event("ev-1", 10);
            assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();

            Result held = pipeline.awaitResult(pipeline.hold("ev-1", "buyer-a", List.of("s1", "s2")));
            assertThat(held.status()).isEqualTo(ResultStatus.HELD);
            assertThat(held.holdId()).startsWith("hold_");
            assertThat(held.seats()).containsExactly("s1", "s2");
            assertThat(held.expiresAt()).isAfter(held.decidedAt().plus(Duration.ofMinutes(9)));

            Result second = pipeline.awaitResult(pipeline.hold("ev-1", "buyer-b", List.of("s2", "s3")));
            assertThat(second.status()).isEqualTo(ResultStatus.REJECTED);
            assertThat(second.reason()).isEqualTo(Reasons.SEAT_UNAVAILABLE);

            assertThat(pipeline.awaitResult(pipeline.hold("ev-1", "buyer-b", List.of("s99"))).reason())
                    .isEqualTo(Reasons.UNKNOWN_SEAT);
            assertThat(pipeline.awaitResult(pipeline.hold("no-such-event", "buyer-b", List.of("s1"))).reason())
                    .isEqualTo(Reasons.UNKNOWN_EVENT);
        }
    }
}
