package io.stagedoor.workers;

import io.stagedoor.topics.Result;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The checkout pool's concurrency bound. */
class PoolBoundIT {

    @Test
    void noMoreThanTwentyPaymentsAreEverInFlightInOnePoolInstance() throws Exception {
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(300)));
        try (TestPipeline pipeline = new TestPipeline("bound");
             Workers workers = Workers.start(pipeline.settings(), gateway)) {
            assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();
            CheckoutLoad load = new CheckoutLoad(pipeline);
            List<Result> held = load.holdSeats(100);
            load.checkOut(held);

            load.awaitAllAnswered(Duration.ofSeconds(90));
            load.assertExactlyOnce(gateway.ledger());
            assertThat(gateway.ledger().snapshot().kept()).hasSize(100);
            assertThat(gateway.mostInProgress()).isLessThanOrEqualTo(20);
            assertThat(workers.metrics().paymentsInFlightMax()).isLessThanOrEqualTo(20);
            // The bound is reached, not just respected: 100 waiting payments keep the slots busy.
            assertThat(gateway.mostInProgress()).isGreaterThanOrEqualTo(15);
        }
    }
}
