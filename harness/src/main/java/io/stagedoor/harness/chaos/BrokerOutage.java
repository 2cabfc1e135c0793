package io.stagedoor.harness.chaos;

import java.time.Duration;

/**
 * Scenario 2: the broker stopped (SIGTERM) and started again on its data after {@code brokerDown}. While it is
 * down the ingress answers 503 with a Retry-After within about a second, and never 202 for a record the broker did
 * not take; after the restart every accepted request gets its result.
 */
final class BrokerOutage implements FaultScenario {

    /**
     * "Within about a second": the producer waits up to 500 ms for metadata and 1 s for delivery, so the first
     * requests after the broker went away can take 1.5 s; the rest is room for a busy two-core machine.
     */
    static final Duration SLOWEST_SHED = Duration.ofMillis(2_000);

    @Override
    public String name() {
        return "broker";
    }

    @Override
    public String fault(ChaosSettings settings) {
        return "broker stopped for " + settings.brokerDown().toSeconds() + " s";
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        long began = System.nanoTime();
        cluster.broker().stop();
        Waits.pause(cluster.settings().brokerDown().minusNanos(System.nanoTime() - began));
        cluster.broker().start();
    }

    @Override
    public void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
        long slowest = Duration.ofNanos(tally.slowestShedNanos.get()).toMillis();
        expectations.expect("503 while the broker is down", tally.shed.get() > 0, tally.shed.get() + " shed");
        expectations.expect("every 503 within about a second, with Retry-After",
                slowest <= SLOWEST_SHED.toMillis() && tally.shedWithoutRetryAfter.get() == 0,
                "slowest " + slowest + " ms, " + tally.shedWithoutRetryAfter.get() + " without Retry-After");
        expectations.expect("no 202 for a record the broker did not take", figures.unrecorded() == 0,
                figures.unrecorded() + " accepted ids missing from the topics");
    }
}
