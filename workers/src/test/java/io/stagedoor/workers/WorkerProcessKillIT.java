package io.stagedoor.workers;

import io.stagedoor.topics.Result;
import io.stagedoor.workers.payment.PayrailServer;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A worker JVM dies with SIGKILL in the middle of checkouts: no drain, no commit, payments in flight. Payrail
 * runs here, so both worker JVMs charge into one ledger.
 */
class WorkerProcessKillIT {

    @Test
    void aWorkerKilledMidCheckoutLosesNothingChargesNobodyTwiceAndSellsNoSeatTwice() throws Exception {
        try (PayrailServer payrail = PayrailServer.start(
                new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(200))), 0);
             TestPipeline pipeline = new TestPipeline("kill")) {
            CheckoutLoad load = new CheckoutLoad(pipeline);
            WorkerProcess first = WorkerProcess.start(pipeline, payrail.uri());
            List<Result> held = load.holdSeats(200);
            load.checkOut(held);

            await().atMost(Duration.ofSeconds(60)).until(() -> load.answered() >= 30);
            first.kill();
            assertThat(load.answered()).isLessThan(200);

            try (WorkerProcess second = WorkerProcess.start(pipeline, payrail.uri())) {
                load.awaitAllAnswered(Duration.ofSeconds(150));
                load.assertExactlyOnce(payrail.gateway().ledger());
            }
        }
    }
}
