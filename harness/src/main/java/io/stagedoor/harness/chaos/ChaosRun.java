package io.stagedoor.harness.chaos;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A chaos run: starts the cluster once, plays each scenario in turn on it, stops every process, and prints the
 * figures. What {@code stagedoor chaos} and the CI test both call.
 */
public final class ChaosRun {

    private ChaosRun() {
    }

    /**
     * Plays the scenarios named by {@code scenario} ({@code all} for every one) and returns their figures. Each part
     * runs in a JVM of its own, started on this classpath with {@code partMain} (the command line's main class for
     * parts), which must accept the subcommands {@code broker}, {@code redis}, {@code gateway}, {@code ingress} and
     * {@code workers}.
     */
    public static List<LossFigures> play(String scenario, ChaosSettings settings, String partMain, PrintStream out) {
        List<FaultScenario> scenarios = FaultScenario.named(scenario);
        List<LossFigures> figures = new ArrayList<>();
        long began = System.nanoTime();
        out.println("starting the cluster in " + settings.runDir().toAbsolutePath() + " ...");
        int brokers = scenarios.stream().mapToInt(FaultScenario::brokers).max().orElse(1);
        try (ChaosCluster cluster = ChaosCluster.start(settings, brokers, partMain)) {
            out.printf("cluster up in %d s: %d broker(s) %s, ingress %s and %s, namespace %s%n",
                    (System.nanoTime() - began) / 1_000_000_000, brokers, cluster.kafka(), cluster.ingress(0), cluster.ingress(1),
                    cluster.topics().namespace());
            ScenarioRun run = new ScenarioRun(cluster, out);
            LossFigures warm = run.run(new WarmUp());
            out.printf("warm-up: %,d offered, %s%n", warm.offered(), warm.lossless() ? "nothing lost" : "LOSS");
            for (FaultScenario each : scenarios) {
                long start = System.nanoTime();
                LossFigures result = run.run(each);
                figures.add(result);
                out.printf("%s done in %d s: %s%n", each.name(), (System.nanoTime() - start) / 1_000_000_000,
                        result.lossless() ? "nothing lost" : "LOSS");
            }
        }
        FiguresTable.print(figures, out);
        out.printf("%nchaos run took %d s; logs in %s%n", (System.nanoTime() - began) / 1_000_000_000,
                settings.runDir().toAbsolutePath());
        return figures;
    }
}
