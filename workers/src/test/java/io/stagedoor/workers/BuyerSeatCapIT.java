package io.stagedoor.workers;

import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seat cap per buyer per event against the real broker: one buyer's holds come through two ingress instances (two
 * producers) and the count is the inventory's, so it holds across both, and across a restart of the inventory on an
 * empty state directory (its stores come back from their changelogs).
 */
class BuyerSeatCapIT {

    @Test
    void aBuyerWithEightSeatsThroughTwoIngressInstancesIsRefusedANinthBeforeAndAfterTheInventoryRestarts()
            throws Exception {
        try (TestPipeline pipeline = new TestPipeline("seat-cap")) {
            TestPipeline.HoldSender first = pipeline::hold;
            TestPipeline.HoldSender second = pipeline.otherIngress();
            WorkerSettings inventoryOnly = pipeline.settings().withRoles(Set.of(WorkerRole.INVENTORY));
            try (Workers workers = Workers.start(inventoryOnly, SimulatedGateway.withDefaults())) {
                pipeline.event("cap", 30);
                assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();

                assertThat(result(pipeline, first.hold("cap", "script-7", seats(1, 5))).status())
                        .isEqualTo(ResultStatus.HELD);
                assertThat(result(pipeline, second.hold("cap", "script-7", seats(6, 8))).status())
                        .isEqualTo(ResultStatus.HELD);
                assertThat(result(pipeline, first.hold("cap", "script-7", seats(9, 9))).reason())
                        .isEqualTo(Reasons.BUYER_SEAT_LIMIT);
                assertThat(result(pipeline, second.hold("cap", "script-7", seats(10, 10))).reason())
                        .isEqualTo(Reasons.BUYER_SEAT_LIMIT);
            }

            // A new instance on a fresh state directory stands for the task moving to another worker.
            WorkerSettings moved = pipeline.settings().withRoles(Set.of(WorkerRole.INVENTORY));
            try (Workers workers = Workers.start(moved, SimulatedGateway.withDefaults())) {
                assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();

                assertThat(result(pipeline, second.hold("cap", "script-7", seats(11, 11))).reason())
                        .isEqualTo(Reasons.BUYER_SEAT_LIMIT);
                assertThat(result(pipeline, first.hold("cap", "buyer-2", seats(11, 18))).status())
                        .isEqualTo(ResultStatus.HELD);
            }
        }
    }

    private static Result result(TestPipeline pipeline, String correlationId) {
        return pipeline.awaitResult(correlationId);
    }

    private static List<String> seats(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "s" + i).toList();
    }
}
