package io.stagedoor.harness.chaos;

/**
 * No fault: the load alone, before the first scenario, so that the parts' JIT compilers and connection pools have
 * settled when the first baseline is measured. Its figures are not reported.
 */
final class WarmUp implements FaultScenario {

    @Override
    public String name() {
        return "warm-up";
    }

    @Override
    public String fault(ChaosSettings settings) {
        return "none";
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        // nothing breaks
    }
}
