package io.stagedoor.workers;

import io.stagedoor.workers.lag.LagProbe;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The lag gauges against the real broker: records written while no worker runs show as lag, and the lag falls to
 * zero once a worker has taken them. A probe of its own watches while the workers come and go.
 */
class GroupLagIT {

    private static final Duration PROBE_EVERY = Duration.ofSeconds(1);
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void inventoryLagCountsHoldsWrittenWhileNoInventoryRunsAndFallsToZeroOnceTheyAreProcessed() throws Exception {
        try (TestPipeline pipeline = new TestPipeline("lag-inventory")) {
            WorkerSettings settings = pipeline.settings().withLagInterval(PROBE_EVERY)
                    .withRoles(Set.of(WorkerRole.INVENTORY));
            WorkerMetrics watched = WorkerMetrics.inMemory();
            LagProbe probe = LagProbe.start(settings, watched);
            try {
                IntStream.range(0, 30).forEach(i -> pipeline.hold("ev", "b" + i, List.of("s1")));
                await().atMost(DEADLINE).until(() -> watched.inventoryLag(pipeline.names.holds()) == 30);
                assertThat(watched.inventoryLag(pipeline.names.checkouts())).isZero();

                try (Workers workers = Workers.start(settings, null)) {
                    await().atMost(DEADLINE).until(() -> watched.inventoryLag(pipeline.names.holds()) == 0);
                    // The worker's own gauge, on its own registry, says the same.
                    await().atMost(DEADLINE).until(() -> workers.metrics().registry()
                            .find(WorkerMetrics.INVENTORY_LAG).tag("topic", pipeline.names.holds()).gauge()
                            .value() == 0);
                }
            } finally {
                probe.close();
            }
        }
    }

    @Test
    void shareGroupLagCountsPaymentsWrittenWhileNoPoolRunsAndFallsToZeroOnceTheyAreAcknowledged() throws Exception {
        try (TestPipeline pipeline = new TestPipeline("lag-payments")) {
            WorkerSettings settings = pipeline.settings().withLagInterval(PROBE_EVERY)
                    .withRoles(Set.of(WorkerRole.CHECKOUT));
            WorkerMetrics watched = WorkerMetrics.inMemory();
            SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(20)));
            LagProbe probe = LagProbe.start(settings, watched);
            try {
                IntStream.range(0, 25).forEach(i -> pipeline.payment("ev", PayrailSettings.TOKEN_OK));
                await().atMost(DEADLINE).until(() -> watched.paymentsLag() == 25);

                try (Workers workers = Workers.start(settings, gateway)) {
                    await().atMost(DEADLINE).until(() -> watched.paymentsLag() == 0);
                    assertThat(gateway.ledger().snapshot().charges()).hasSize(25);
                    await().atMost(DEADLINE).until(() -> workers.metrics().registry()
                            .find(WorkerMetrics.PAYMENTS_LAG).gauge().value() == 0);
                }

                // With the pool gone (it left the group), new requests wait and count again.
                IntStream.range(0, 7).forEach(i -> pipeline.payment("ev", PayrailSettings.TOKEN_OK));
                await().atMost(DEADLINE).until(() -> watched.paymentsLag() == 7);
            } finally {
                probe.close();
            }
        }
    }
}
