package io.stagedoor.bench.e2e;

import io.stagedoor.bench.load.BenchPipeline;
import io.stagedoor.bench.load.BenchRedis;
import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.Flags;
import io.stagedoor.bench.load.HttpLoad;
import io.stagedoor.bench.load.Machine;
import io.stagedoor.bench.load.ShedFigures;
import io.stagedoor.harness.load.Tally;
import io.stagedoor.topics.TopicNames;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The hold path end to end on this machine: {@link BenchPipeline} (embedded KRaft broker and Redis, the inventory
 * and checkout workers, one ingress), in one JVM with the driver or split in two ({@code --layout}). After an
 * uncounted warm-up (the JIT compiles the hot paths; the first seconds at 1,000/s are otherwise far slower than
 * the rest), open-loop steps at fixed offered rates, latency
 * from each hold's intended send time to its result reaching the ingress's results view (when a long poll would
 * be answered); then a closed loop for saturation. Every hold asks for a free seat, so each result should be held.
 *
 * <p>Flags: {@code --rates 300,1000,3000 --seconds 10 --warmup 10 --warmup-rate 1000 --saturation-seconds 10
 * --connections 256 --saturation-connections 128 --events 40 --seats 3000 --buyers 20000 --partitions 12
 * --layout one-jvm --redis one --stages off --share 0.7} ({@code --stages on} adds {@link StageProbe}'s lines after each
 * step). {@code --redis cluster} decides on a three-primary Redis Cluster of the run's own instead of the embedded
 * single Redis. After the saturation step, an open-loop step at {@code --share} of the held/s saturation measured
 * (0 skips it) ends with a line of what was shed there; after every step a line says what this process shed on its
 * own account and why ({@link ShedFigures}).
 */
public final class EndToEndBenchmark {

    private EndToEndBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        List<Double> rates = flags.decimals("rates", "300,1000,3000");
        Duration step = flags.seconds("seconds", 10);
        Duration warmup = flags.seconds("warmup", 10);
        double warmupRate = flags.decimal("warmup-rate", 1_000);
        Duration saturation = flags.seconds("saturation-seconds", 10);
        int connections = flags.integer("connections", 256);
        int saturationConnections = flags.integer("saturation-connections", 128);
        int events = flags.integer("events", 40);
        int seats = flags.integer("seats", 3_000);
        int buyerCount = flags.integer("buyers", 20_000);
        int partitions = flags.integer("partitions", 12);
        BenchPipeline.Layout layout = BenchPipeline.Layout.parse(flags.text("layout", "one-jvm"));
        BenchRedis redis = BenchRedis.parse(flags.text("redis", "one"));
        boolean stages = flags.text("stages", "off").equals("on");
        double share = flags.decimal("share", 0.7);
        flags.rejectUnknown();

        long setup = System.nanoTime();
        try (BenchPipeline pipeline = BenchPipeline.start(partitions, layout, redis)) {
            List<String> eventIds = pipeline.defineEvents("e2e", events, seats);
            BuyerPasses buyers = new BuyerPasses("e2e-buyer", buyerCount);
            HoldStream holds = new HoldStream(pipeline.http(), eventIds, seats, buyers);
            System.out.printf(Locale.ROOT, "setup %.1f s: %d events x %d seats (one organizer each), %d buyers, "
                    + "%d partitions; %s%n", (System.nanoTime() - setup) / 1e9, events, seats, buyerCount, partitions,
                    Machine.describe());
            StageProbe probe = stages ? new StageProbe(pipeline.kafkaBootstrap(), TopicNames.defaults().holds(),
                    TopicNames.defaults().results()) : null;
            ShedFigures sheds = new ShedFigures(pipeline.ingress().registry());
            HttpLoad open = new HttpLoad(BenchPipeline.HOST, pipeline.port(), connections);
            step(pipeline, sheds, "warm-up",
                    figures -> open.open(warmupRate, warmup, holds.source(), figures::answered), false);
            System.out.println(StepFigures.header());
            for (double rate : rates) {
                step(pipeline, sheds, String.format(Locale.ROOT, "%.0f/s offered", rate),
                        figures -> open.open(rate, step, holds.source(), figures::answered), true);
                if (probe != null) {
                    System.out.print(probe.report());
                }
            }
            HttpLoad closed = new HttpLoad(BenchPipeline.HOST, pipeline.port(), saturationConnections);
            Step saturated = step(pipeline, sheds, "saturation " + saturationConnections + "c",
                    figures -> closed.closed(saturation, holds.source(), figures::answered), true);
            if (share > 0) {
                double rate = share * saturated.figures().heldPerSecond();
                Step below = step(pipeline, sheds, String.format(Locale.ROOT, "%.0f%% of sat.", share * 100),
                        figures -> open.open(rate, step, holds.source(), figures::answered), true);
                System.out.printf(Locale.ROOT, "at %.0f%% of saturation (%.0f of %.0f held/s offered, Redis %s): %d "
                                + "requests shed (503), %.0f limiter decisions shed%n", share * 100, rate,
                        saturated.figures().heldPerSecond(), redis, below.figures().answered(503), below.shed());
            }
            if (probe != null) {
                probe.close();
            }
            System.out.printf(Locale.ROOT, "seats never asked for: %d; load average after: %s%n", holds.seatsLeft(),
                    Machine.loadAverage());
        }
    }

    /** What one step measured, and the limiter decisions shed meanwhile (each shed hold once per limit). */
    private record Step(StepFigures figures, double shed) {
    }

    private static Step step(BenchPipeline pipeline, ShedFigures sheds, String name, Load load, boolean print)
            throws Exception {
        pipeline.results().reset();
        StepFigures figures = new StepFigures(name, pipeline.results());
        figures.answers(load.run(figures));
        long unanswered = pipeline.results().awaitAll(Duration.ofSeconds(15));
        double shed = sheds.shedSinceLast();
        String why = sheds.sinceLast();
        if (print) {
            System.out.println(figures.row(unanswered) + "  [load " + Machine.loadAverage() + "]");
            System.out.println("  shed on our own account: " + why);
        }
        return new Step(figures, shed);
    }

    /** One step's load loop, reporting to the step's figures. */
    @FunctionalInterface
    private interface Load {
        Tally run(StepFigures figures) throws InterruptedException;
    }
}
