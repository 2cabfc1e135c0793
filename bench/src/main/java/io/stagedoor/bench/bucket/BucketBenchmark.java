package io.stagedoor.bench.bucket;

import io.stagedoor.admission.bucket.CallCoalescing;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.embedded.EmbeddedRedis;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Stagedoor's Redis limiter (as the ingress runs it, and with coalescing off) vs Bucket4j's Lettuce proxy manager
 * vs the bare script, on one Redis, in the same run: for each workload (random keys out of N, one hot key that keeps allowing) and each number of requests in
 * flight, the contenders take turns round by round, so drift in the machine hits all of them alike. Prints
 * decisions/s, p50/p99 and the ratios. Flags: see {@link BenchOptions}.
 */
public final class BucketBenchmark {

    /** Always allows at the rates reached here, so every contender does the same work: a full take. */
    private static final LimitPolicy ALLOWING = LimitPolicy.of("bench", 1_000_000, 1_000_000, Duration.ofSeconds(1),
            WhenUnavailable.FAIL_OPEN);

    private BucketBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options = BenchOptions.parse(args);
        EmbeddedRedis embedded = null;
        String uri = options.redisUri();
        if (uri == null) {
            embedded = EmbeddedRedis.start(6391);
            uri = embedded.uri();
        }
        System.out.printf(Locale.ROOT, "Redis %s%s, %d cores, Java %s; rounds of %s x %d per contender; %s%n", uri,
                embedded == null ? "" : " (embedded)", Runtime.getRuntime().availableProcessors(),
                Runtime.version(), options.round(), options.rounds(), options.coalescing());
        List<BucketContender> contenders = List.of(
                new StagedoorContender("stagedoor", uri, ALLOWING, options.coalescing()),
                new StagedoorContender("sd-1by1", uri, ALLOWING, CallCoalescing.none()),
                new Bucket4jContender(uri, ALLOWING), new BareScriptContender(uri, ALLOWING));
        try {
            Map<String, Supplier<String>> workloads = new LinkedHashMap<>();
            int keys = options.keys();
            workloads.put("random of " + keys, () -> Integer.toString(ThreadLocalRandom.current().nextInt(keys)));
            workloads.put("hot key", () -> "hot");
            for (BucketContender contender : contenders) {
                LoadRound warm = new LoadRound(contender, workloads.values().iterator().next(), 64);
                warm.run(options.warmup());
            }
            System.out.printf(Locale.ROOT, "%-16s %9s %-12s %12s %10s %10s %9s %9s%n", "workload", "in flight",
                    "contender", "decisions/s", "p50 ms", "p99 ms", "vs b4j", "vs bare");
            for (Map.Entry<String, Supplier<String>> workload : workloads.entrySet()) {
                for (int inFlight : options.inFlight()) {
                    measureCell(workload.getKey(), workload.getValue(), inFlight, contenders, options);
                }
            }
            for (BucketContender contender : contenders) {
                if (contender instanceof StagedoorContender ours) {
                    System.out.printf(Locale.ROOT, "%s decisions not taken by Redis (fallbacks): %d%n",
                            ours.name(), ours.notFromRedis());
                }
            }
        } finally {
            contenders.forEach(BucketContender::close);
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private static void measureCell(String workload, Supplier<String> keys, int inFlight, List<BucketContender> contenders,
                                    BenchOptions options) throws InterruptedException {
        Map<String, Totals> totals = new LinkedHashMap<>();
        for (int round = 0; round < options.rounds(); round++) {
            for (int turn = 0; turn < contenders.size(); turn++) {
                // Rotate who goes first, so no contender always inherits the others' leftovers.
                BucketContender contender = contenders.get((turn + round) % contenders.size());
                LoadRound.Result result = new LoadRound(contender, keys, inFlight).run(options.round());
                totals.computeIfAbsent(contender.name(), name -> new Totals()).add(result);
            }
        }
        double bucket4j = totals.get("bucket4j").perSecond();
        double bare = totals.get("bare-script").perSecond();
        for (BucketContender contender : contenders) {
            Totals t = totals.get(contender.name());
            System.out.printf(Locale.ROOT, "%-16s %9d %-12s %12.0f %10.2f %10.2f %8.2fx %8.2fx%s%n", workload,
                    inFlight, contender.name(), t.perSecond(), t.latency.getValueAtPercentile(50) / 1000.0,
                    t.latency.getValueAtPercentile(99) / 1000.0, t.perSecond() / bucket4j, t.perSecond() / bare,
                    t.errors > 0 ? "  errors " + t.errors : "");
        }
    }

    /** Rounds of one contender in one cell, summed. */
    private static final class Totals {
        private long decisions;
        private long errors;
        private double seconds;
        private final Histogram latency = new Histogram(3);

        void add(LoadRound.Result result) {
            decisions += result.decisions();
            errors += result.errors();
            seconds += result.seconds();
            latency.add(result.latencyMicros());
        }

        double perSecond() {
            return decisions / seconds;
        }
    }
}
