package io.stagedoor.cli;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.embedded.Ports;
import io.stagedoor.harness.demo.DemoRun;
import io.stagedoor.harness.demo.DemoSettings;
import io.stagedoor.harness.demo.FarmRun;
import io.stagedoor.harness.demo.FarmSettings;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagedoor demo}: starts the whole pipeline (as {@code up}, in a fresh data directory, in a JVM of its own
 * apart from the crowd) and plays a scripted on-sale against it over HTTP, with a live progress line; then prints
 * the report, its health figures, and the audit of the run. Exits 0 when the audit passed, 1 when it failed.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Play an on-sale against the whole pipeline: a crowd through the waiting room, a script that"
                + " tries to hold every seat, an office behind one address, a Redis outage, scanner phones at the gate;"
                + " then report and audit it.", "The defaults take about two minutes on a 2-core machine."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the audit passed", "1:the audit failed"})
public final class DemoCommand implements Callable<Integer> {

    public static final int PASSED = 0;
    public static final int FAILED = 1;

    private static final DemoSettings DEFAULTS = DemoSettings.defaults();

    @Option(names = "--buyers", description = "Buyers in the crowd, the office included (default 2000).")
    int buyers = DEFAULTS.buyers();

    @Option(names = "--office", description = "Of them, buyers behind one office address (default 200).")
    int office = DEFAULTS.office();

    @Option(names = "--concurrency", description = "Buyers shopping at once, at most (default 400).")
    int concurrency = DEFAULTS.concurrency();

    @Option(names = "--entry-rate", description = "Waiting-room entry rate, buyers per second: where the entry loop starts, between a tenth and five times it (default 20).")
    double entryRate = DEFAULTS.entryRate();

    @Option(names = "--opens-in", converter = DurationArgument.class, description = "From the first arrivals to the room's opening (default 3s).")
    Duration opensIn = DEFAULTS.opensIn();

    @Option(names = "--decline-share", description = "Share of payments declined (default 0.05).")
    double declineShare = DEFAULTS.declineShare();

    @Option(names = "--no-script", description = "Leave the hoarding script out.")
    boolean noScript = !DEFAULTS.script();

    @Option(names = "--outage-after", converter = DurationArgument.class, description = "From the opening to the Redis outage (default 15s).")
    Duration outageAfter = DEFAULTS.outageAfter();

    @Option(names = "--outage-for", converter = DurationArgument.class, description = "How long Redis stays down; 0s for no outage (default 10s).")
    Duration outageFor = DEFAULTS.outageFor();

    @Option(names = "--phones", description = "Scanner phones at the gate (default 4).")
    int phones = DEFAULTS.phones();

    @Option(names = "--scans", description = "Tickets scanned at the gate, at most (default 300).")
    int scans = DEFAULTS.scans();

    @Option(names = "--rescan-share", description = "Share of scanned tickets scanned twice (default 0.1).")
    double rescanShare = DEFAULTS.rescanShare();

    @Option(names = "--seed", description = "Seed of every random choice (default 19).")
    long seed = DEFAULTS.seed();

    @Option(names = "--max-seats-per-buyer",
            description = "Seats one buyer may hold and buy of the event (default ${DEFAULT-VALUE}).")
    int maxSeatsPerBuyer = DEFAULTS.maxSeatsPerBuyer();

    @Option(names = "--no-entry-loop",
            description = "Keep the entry rate where --entry-rate sets it instead of following the pipeline's headroom.")
    boolean noEntryLoop;

    @Option(names = "--max-active",
            description = "The most admitted buyers shopping at once, the room's active cap; 0 for none (default 15).")
    int maxActive = DEFAULTS.maxActive();

    @Option(names = "--e2e-p99", converter = DurationArgument.class,
            description = "The holds' POST-to-result p99 that bench/run e2e measured at the rate the report names"
                    + " (e.g. 340ms): the report prints the demo's p99 as a multiple of it, healthy within 2x"
                    + " (default none).")
    Duration e2eP99 = DEFAULTS.e2eP99();

    @Option(names = "--farm",
            description = "Play fans before bots instead: 60 fans and one script's farm of this many accounts behind one"
                    + " IPv6 /64, against a presale with lanes, a join puzzle and the parked lane (default 0: the"
                    + " on-sale above).")
    int farm;

    @Option(names = "--port", defaultValue = "8080", description = "Ingress port, or a free one when taken (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--data-dir", description = "Where the embedded broker keeps its data (default a fresh temporary directory, removed after).")
    Path dataDir;

    @Option(names = "--kafka", description = "Use this Kafka (host:port) instead of the embedded broker.")
    String kafka;

    @Option(names = "--namespace", defaultValue = "", description = "Topic namespace, to run beside other users of one Kafka (default none).")
    String namespace;

    @Option(names = "--partitions", description = "Partitions of each topic created (default 12).")
    int partitions = TopicSettings.DEFAULT_PARTITIONS;

    @Option(names = "--quiet", description = "No progress line.")
    boolean quiet;

    @Option(names = "--verbose", description = "Let the pipeline's logs through.")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        DemoSettings settings = settings();
        boolean temporary = dataDir == null;
        Path data = temporary ? Files.createTempDirectory("stagedoor-demo") : dataDir;
        try {
            if (farm > 0) {
                return FarmRun.play(FarmSettings.of(farm), options(data, new TopicNames(namespace)), verbose, out)
                        ? PASSED : FAILED;
            }
            return DemoRun.play(settings, options(data, new TopicNames(namespace)), quiet, verbose, out)
                    ? PASSED : FAILED;
        } finally {
            if (temporary) {
                delete(data);
            }
        }
    }

    DemoSettings settings() {
        return DemoSettings.builder().buyers(buyers).office(office).concurrency(concurrency).entryRate(entryRate)
                .opensIn(opensIn).declineShare(declineShare).script(!noScript).outageAfter(outageAfter)
                .outageFor(outageFor).phones(phones).scans(scans).rescanShare(rescanShare).seed(seed)
                .maxSeatsPerBuyer(maxSeatsPerBuyer).entryLoop(!noEntryLoop).maxActive(maxActive).e2eP99(e2eP99)
                .build();
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not remove " + dir + ": " + e.getMessage());
        }
    }

    /** The pipeline on the given port, or a free one when taken, and its admin listener on the next, or a free one. */
    private PipelineOptions options(Path data, TopicNames topics) {
        int ingressPort = port == 0 ? 0 : Ports.preferredOrFree(port);
        return PipelineOptions.builder(data).port(ingressPort).kafka(kafka).kafkaPort(9092).redisPort(6379)
                .partitions(partitions).waitingRoom(true).topics(topics).maxSeatsPerBuyer(settings().maxSeatsPerBuyer())
                .adminPort(ingressPort == 0 ? 0 : Ports.preferredOrFree(ingressPort + 1)).build();
    }

}
