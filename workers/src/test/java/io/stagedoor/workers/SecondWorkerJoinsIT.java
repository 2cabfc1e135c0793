package io.stagedoor.workers;

import io.stagedoor.topics.Result;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailServer;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Scaling out during an on-sale: a second worker process joins while checkouts are being paid. */
class SecondWorkerJoinsIT {

    @Test
    void aSecondWorkerJoiningUnderLoadLosesNothingDuplicatesNothingAndAddsPaymentSlots() throws Exception {
        // Slow enough that one worker alone needs about 40 s for the load, so the second worker's JVM has time to start
        // and join while there is still work; below the second worker's 3 s payment timeout (WorkerProcess).
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofSeconds(2)));
        try (PayrailServer payrail = PayrailServer.start(gateway, 0);
             TestPipeline pipeline = new TestPipeline("join")) {
            WorkerSettings settings = pipeline.settings().withGatewayUrl(payrail.uri())
                    .withPayments(20, Duration.ofSeconds(6), Duration.ofSeconds(15));
            try (Workers first = Workers.start(settings, Workers.gatewayFor(settings))) {
                CheckoutLoad load = new CheckoutLoad(pipeline);
                assertThat(first.awaitReady(Duration.ofSeconds(60))).isTrue();
                List<Result> held = load.holdSeats(400);
                long started = System.nanoTime();
                load.checkOut(held);
                await().atMost(Duration.ofSeconds(60)).until(() -> load.answered() >= 20);

                try (WorkerProcess second = WorkerProcess.start(pipeline, payrail.uri())) {
                    long joined = System.nanoTime();
                    long answeredAlone = load.answered();
                    load.awaitAllAnswered(Duration.ofSeconds(180));
                    long finished = System.nanoTime();
                    System.out.printf("checkouts/s: one worker %.1f, after the second joined %.1f%n",
                            answeredAlone / ((joined - started) / 1e9),
                            (load.checkouts.size() - answeredAlone) / ((finished - joined) / 1e9));
                    load.assertExactlyOnce(gateway.ledger());
                    // Each instance runs at most 20 payments, so more than 20 at once means both were paying.
                    assertThat(gateway.mostInProgress()).isGreaterThan(20).isLessThanOrEqualTo(40);
                }
            }
        }
    }
}
