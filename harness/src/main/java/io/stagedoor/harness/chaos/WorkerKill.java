package io.stagedoor.harness.chaos;

/**
 * Scenario 3: the first worker process (inventory and checkout pool) killed with SIGKILL mid-checkout, started
 * again on its state directory after {@code workerDown}. Its payments in flight are delivered again when their
 * record lock ends, with the same idempotency key: no result lost, nobody charged twice, no seat sold twice.
 */
final class WorkerKill implements FaultScenario {

    @Override
    public String name() {
        return "worker";
    }

    @Override
    public String fault(ChaosSettings settings) {
        return "worker SIGKILLed, back after " + settings.workerDown().toSeconds() + " s";
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        long confirmedBefore = tally.confirmed.get();
        Waits.until(java.time.Duration.ofSeconds(30), "a checkout in flight",
                () -> tally.confirmed.get() > confirmedBefore);
        cluster.worker(0).kill();
        Waits.pause(cluster.settings().workerDown());
        cluster.worker(0).start();
    }

    @Override
    public void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
        expectations.expect("checkouts confirmed across the kill", tally.confirmed.get() > 0,
                tally.confirmed.get() + " confirmed");
    }
}
