package io.stagedoor.harness.chaos;

/**
 * Scenario 4: the first ingress instance killed with SIGKILL and started again after {@code ingressDown}. A POST
 * in flight there either got its 202 (and then its result) or no answer, which the load sends once more to the
 * other instance with the same Idempotency-Key; polls, all on the second instance, keep working.
 */
final class IngressKill implements FaultScenario {

    @Override
    public String name() {
        return "ingress";
    }

    @Override
    public String fault(ChaosSettings settings) {
        return "ingress 1 SIGKILLed, back after " + settings.ingressDown().toSeconds() + " s";
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        cluster.ingressPart(0).kill();
        Waits.pause(cluster.settings().ingressDown());
        cluster.ingressPart(0).start();
    }

    @Override
    public void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
        expectations.expect("POSTs to the dead instance got an error, then went to the other",
                tally.failedOver.get() > 0, tally.failedOver.get() + " sent again with the same key");
    }
}
