package io.stagedoor.harness.chaos;

import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.WaitingRoomSettings;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One scenario on a running cluster: a fresh event, the steady load, a baseline, the fault, the recovery, every
 * result awaited, then the audit of the scenario's window and the gateway's ledger, summed into
 * {@link LossFigures}.
 */
final class ScenarioRun {

    private final ChaosCluster cluster;
    private final PrintStream out;

    ScenarioRun(ChaosCluster cluster, PrintStream out) {
        this.cluster = cluster;
        this.out = out;
    }

    static String eventIdOf(FaultScenario scenario) {
        return "chaos-" + scenario.name();
    }

    LossFigures run(FaultScenario scenario) {
        ChaosSettings settings = cluster.settings();
        String eventId = eventIdOf(scenario);
        List<String> seats = seats(settings);
        cluster.define(new EventDefinition(eventId, "Chaos: " + scenario.fault(settings), ChaosCluster.ORGANIZER,
                Instant.now(), seats, 4_500, WaitingRoomSettings.disabled()));
        int doubleChargesBefore = cluster.doubleCharges();
        LoadTally tally = new LoadTally();
        Expectations expectations = new Expectations();
        out.printf("%s: load %d/s for %d s, %s%n", scenario.name(), settings.rate(), settings.load().toSeconds(),
                scenario.fault(settings));
        Instant from = Instant.now();
        long began = System.nanoTime();
        Instant to;
        try (SteadyLoad load = new SteadyLoad(cluster, eventId, seats, scenario.name() + "-buyer-", tally)) {
            load.start();
            Waits.pause(settings.baseline());
            tally.phase(FaultPhase.FAULT);
            scenario.play(cluster, tally, expectations);
            tally.phase(FaultPhase.AFTER);
            Duration rest = settings.load().minusNanos(System.nanoTime() - began);
            Duration leastAfter = settings.load().dividedBy(4);
            Waits.pause(rest.compareTo(leastAfter) > 0 ? rest : leastAfter);
            load.stop();
            load.awaitVisits();
            to = Instant.now(); // a visit's checkout is published after its hold's result: the window ends after both
        }
        ScenarioAudit audit = ScenarioAudit.of(cluster, from, to, tally.acceptedIds());
        long doubleCharges = cluster.doubleCharges() - doubleChargesBefore;
        long badAnswers = scenario instanceof BadInput bad ? bad.badAnswers() : 0;
        long before = tally.slowest(FaultPhase.BEFORE);
        long worstAfter = Math.max(tally.slowest(FaultPhase.FAULT), tally.slowest(FaultPhase.AFTER));
        LossFigures figures = new LossFigures(scenario.name(), scenario.fault(settings), tally.offered.get(),
                tally.accepted.get(), tally.refused.get(), tally.shed.get(), tally.failed.get(),
                tally.resultsMissing.get() + audit.missing(), tally.duplicates.get() + audit.duplicates(),
                doubleCharges, tally.doubleSales.get() + audit.doubleSales(), audit.unrecorded(), badAnswers,
                Duration.ofNanos(Math.max(0, worstAfter - before)).toMillis(), audit.failed(), List.of());
        scenario.judge(cluster, tally, figures, expectations);
        List<Expectations.Expectation> all = new ArrayList<>(expectations.all());
        if (!tally.missing().isEmpty()) {
            all.add(new Expectations.Expectation("results reached their buyers", false, "missing " + tally.missing()));
        }
        all.add(new Expectations.Expectation("latency p50/p99/max before, during, after", true,
                latencies(tally) + "; answers " + tally.statuses()));
        return figures.withExpectations(all);
    }

    private static String latencies(LoadTally tally) {
        StringBuilder text = new StringBuilder();
        for (FaultPhase phase : FaultPhase.values()) {
            text.append(text.isEmpty() ? "" : " | ").append(ms(tally.quantile(phase, 0.5))).append('/')
                    .append(ms(tally.quantile(phase, 0.99))).append('/').append(ms(tally.slowest(phase))).append(" ms");
        }
        return text.toString();
    }

    private static long ms(long nanos) {
        return Duration.ofNanos(nanos).toMillis();
    }

    /** One seat per visit the load can make, with room to spare. */
    private static List<String> seats(ChaosSettings settings) {
        int count = (int) (settings.rate() * (settings.load().toSeconds() + 120) + 50);
        List<String> seats = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            seats.add("S-" + i);
        }
        return seats;
    }
}
