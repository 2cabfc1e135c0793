package io.stagedoor.bench.overload;

import io.stagedoor.bench.load.BenchPipeline;
import io.stagedoor.bench.load.Flags;
import io.stagedoor.bench.load.Machine;
import io.stagedoor.harness.load.Percentiles;
import io.stagedoor.harness.load.Tally;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Checkouts against one ingress with the real workers and the simulated gateway (500 ms per payment), so the
 * capacity is 20 permits / 0.5 s = 40 checkouts/s. Unloaded phases (well under capacity) alternate with overload
 * phases (about 10x capacity), all open loop. Prints the shed 503's latency, and the accepted checkouts' latency
 * (POST to 202, and POST to result) under overload against the unloaded phases of the same run.
 *
 * <p>Then, with {@code --volleys N}, N volleys of 200 checkouts at once beside the bare route ({@link CheckoutVolley});
 * {@code --rounds 0} runs the volleys alone.
 *
 * <p>Flags: {@code --seconds 10 --rounds 2 --unloaded-rate 10 --overload-rate 400 --connections 128 --holds 1400
 * --partitions 12 --layout one-jvm --volleys 0}.
 */
public final class OverloadBenchmark {

    private OverloadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        Duration phase = flags.seconds("seconds", 10);
        int rounds = flags.integer("rounds", 2);
        double unloadedRate = flags.decimal("unloaded-rate", 10);
        double overloadRate = flags.decimal("overload-rate", 400);
        int connections = flags.integer("connections", 128);
        int holds = flags.integer("holds", 1_400);
        int partitions = flags.integer("partitions", 12);
        BenchPipeline.Layout layout = BenchPipeline.Layout.parse(flags.text("layout", "one-jvm"));
        int volleys = flags.integer("volleys", 0);
        flags.rejectUnknown();

        try (BenchPipeline pipeline = BenchPipeline.start(partitions, layout)) {
            List<String> events = pipeline.defineEvents("overload", 8, holds / 8 + 1);
            HoldPool pool = HoldPool.fill(pipeline, events, holds);
            System.out.printf(Locale.ROOT, "checkout capacity 20 permits x (1 / 0.5 s) = 40/s; unloaded %.0f/s, "
                    + "overload %.0f/s (%.0fx), phases of %d s x %d rounds, %d connections; %s%n", unloadedRate,
                    overloadRate, overloadRate / 40, phase.toSeconds(), rounds, connections, Machine.describe());
            new CheckoutPhase(pipeline, pool).run(connections, unloadedRate, Duration.ofSeconds(2));
            Totals unloaded = new Totals();
            Totals overload = new Totals();
            for (int r = 0; r < rounds; r++) {
                boolean unloadedFirst = r % 2 == 0;
                for (int turn = 0; turn < 2; turn++) {
                    boolean quiet = (turn == 0) == unloadedFirst;
                    CheckoutPhase done = new CheckoutPhase(pipeline, pool)
                            .run(connections, quiet ? unloadedRate : overloadRate, phase);
                    (quiet ? unloaded : overload).add(done);
                }
            }
            if (rounds > 0) {
                print("unloaded", unloadedRate, unloaded);
                print("overload", overloadRate, overload);
                verdicts(unloaded, overload);
            }
            for (int v = 1; v <= volleys; v++) {
                new CheckoutVolley(pipeline, pool).fire(v);
            }
            System.out.printf(Locale.ROOT, "checkout permits in use, highest: %d of %d; payments in flight, highest: "
                    + "%d; holds left %d; load average after: %s%n",
                    pipeline.ingress().checkoutBound().highWater(), pipeline.ingress().checkoutBound().limit(),
                    pipeline.paymentsInFlightMax(), pool.size(), Machine.loadAverage());
        }
    }

    private static void print(String name, double rate, Totals t) {
        Tally a = t.answers;
        System.out.printf(Locale.ROOT, "%-8s offered %4.0f/s: %s; results %s%n", name, rate, a.statuses(), t.results);
        System.out.printf(Locale.ROOT, "  503 shed      from due: %s | server: %s%n", Percentiles.summary(a.latency(503)),
                Percentiles.summary(a.service(503)));
        System.out.printf(Locale.ROOT, "  202 accepted  from due: %s | server: %s%n", Percentiles.summary(a.latency(202)),
                Percentiles.summary(a.service(202)));
        System.out.printf(Locale.ROOT, "  POST->result  from due: %s%n", Percentiles.summary(t.toResult));
    }

    private static void verdicts(Totals unloaded, Totals overload) {
        double shedP99 = Percentiles.millis(overload.answers.latency(503), 99);
        double resultRatio = Percentiles.millis(overload.toResult, 99) / Percentiles.millis(unloaded.toResult, 99);
        double acceptRatio = Percentiles.millis(overload.answers.latency(202), 99)
                / Percentiles.millis(unloaded.answers.latency(202), 99);
        System.out.printf(Locale.ROOT, "target shed p99 <= 5 ms: %.2f ms, %s%n", shedP99, shedP99 <= 5 ? "met" : "NOT met");
        System.out.printf(Locale.ROOT, "target accepted p99 within 1.5x of unloaded: POST->result %.2fx (%s); "
                + "POST->202 %.2fx (%s)%n", resultRatio, resultRatio <= 1.5 ? "met" : "NOT met", acceptRatio,
                acceptRatio <= 1.5 ? "met" : "NOT met");
    }

    /** The phases of one kind, summed. */
    private static final class Totals {
        final Tally answers = new Tally();
        final Histogram toResult = new Histogram(3);
        String results = "";

        void add(CheckoutPhase phase) {
            answers.add(phase.answers());
            toResult.add(phase.toResult());
            results = results.isEmpty() ? phase.results() : results + " + " + phase.results();
        }
    }
}
