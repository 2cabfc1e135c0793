package io.stagedoor.cli;

import io.stagedoor.harness.chaos.ChaosRun;
import io.stagedoor.harness.chaos.ChaosSettings;
import io.stagedoor.harness.chaos.LossFigures;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagedoor chaos SCENARIO --duration D}: the on-sale night faults, at the size of the night. Starts the
 * pipeline as separate processes, plays the scenario (or {@code all}) under a steady load, audits, prints the
 * figures. Exit code 0 when nothing was lost and every expectation held, 1 when something was lost, 3 when only an
 * expectation (a latency, a counter) missed.
 */
@Command(name = "chaos", mixinStandardHelpOptions = true,
        description = "Break one part of the running pipeline at a time under load and prove nothing was lost.")
public final class ChaosCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "redis, broker, worker, ingress, delay, bad-input or all (on one broker),"
            + " or leader (on three brokers).")
    String scenario;

    @Option(names = "--duration", defaultValue = "60s", converter = io.stagedoor.cli.DurationArgument.class,
            description = "Load per scenario, fault included (default ${DEFAULT-VALUE}, at least 40s).")
    Duration duration;

    @Option(names = "--rate", description = "Buyers starting a hold and checkout per second (default 10).")
    Integer rate;

    @Option(names = "--bad-requests", description = "Bad requests of the bad-input scenario (default 10,000).")
    Integer badRequests;

    @Option(names = "--run-dir", description = "Where the parts keep data and logs (default data/chaos-<time>).")
    Path runDir;

    @Override
    public Integer call() {
        Path dir = runDir != null ? runDir : Path.of("data", "chaos-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        ChaosSettings.Builder night = ChaosSettings.night(dir, duration).toBuilder();
        if (rate != null) {
            night.rate(rate);
        }
        if (badRequests != null) {
            night.badRequests(badRequests);
        }
        ChaosSettings settings = night.build();
        List<LossFigures> figures;
        try {
            figures = ChaosRun.play(scenario, settings, PartMain.class.getName(), System.out);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
        if (!figures.stream().allMatch(LossFigures::lossless)) {
            return 1;
        }
        return figures.stream().allMatch(LossFigures::expectationsHeld) ? 0 : 3;
    }
}
