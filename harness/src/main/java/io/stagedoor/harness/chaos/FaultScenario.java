package io.stagedoor.harness.chaos;

import io.stagedoor.harness.HarnessMessages;
import java.util.List;
import java.util.Locale;

/**
 * One fault of an on-sale night, played while the steady load runs: {@link #play} breaks one part, waits out the
 * fault and brings the part back, noting what the scenario promises besides losing nothing.
 */
interface FaultScenario {

    /** The name {@code stagedoor chaos} takes: redis, broker, worker, ingress, delay, bad-input, leader. */
    String name();

    /** The fault in a line, for the report. */
    String fault(ChaosSettings settings);

    /** Breaks the part, waits the fault out and restores it; returns once the part is back. */
    void play(ChaosCluster cluster, LoadTally tally, Expectations expectations);

    /** The brokers the cluster needs for this scenario: 1, or 3 to kill a leader and keep two in sync. */
    default int brokers() {
        return 1;
    }

    /** Judges what only the figures show (latency, sheds), once the load has ended. */
    default void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
    }

    /** Every scenario, in the order of the issue. */
    static List<FaultScenario> all() {
        return List.of(new RedisKill(), new BrokerOutage(), new WorkerKill(), new IngressKill(), new RedisDelay(),
                new BadInput());
    }

    /** The scenarios that need three brokers, played only when named: {@code all} runs on one broker. */
    static List<FaultScenario> onThreeBrokers() {
        return List.of(new LeaderKill());
    }

    /** The scenario called {@code name}, or every one on one broker for {@code all}. */
    static List<FaultScenario> named(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        if (wanted.equals("all")) {
            return all();
        }
        return java.util.stream.Stream.concat(all().stream(), onThreeBrokers().stream()).filter(scenario -> scenario.name().equals(wanted)).findFirst().map(List::of)
                .orElseThrow(() -> new IllegalArgumentException(HarnessMessages.noSuchScenario(name,
                        java.util.stream.Stream.concat(all().stream(), onThreeBrokers().stream())
                                .map(FaultScenario::name).toList())));
    }
}
