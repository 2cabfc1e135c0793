package io.stagedoor.bench.bucket;

import io.stagedoor.admission.bucket.CallCoalescing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Command-line flags of {@link BucketBenchmark}, with their defaults (a full run takes about 3 minutes).
 *
 * @param redisUri  {@code --redis redis://host:port}; default: start an embedded Redis
 * @param keys      {@code --keys 100000}: how many random keys
 * @param round     {@code --seconds 3}: length of one measured round
 * @param rounds    {@code --rounds 2}: rounds per contender per cell (alternating contenders)
 * @param inFlight  {@code --in-flight 1,64,256}
 * @param warmup    {@code --warmup 10}: seconds of warm-up per contender before measuring (with 2 s, the JIT was
 *                  still compiling when the first cell, 1 in flight, was measured: ours read 0.77-0.93x the bare
 *                  script there, and 1.02-1.03x after 10 s)
 * @param coalescing {@code --calls 2 --per-call 64}: the coalescing of the "stagedoor" contender; default the
 *                   product's ({@link CallCoalescing#defaults()})
 */
record BenchOptions(String redisUri, int keys, Duration round, int rounds, List<Integer> inFlight, Duration warmup,
                    CallCoalescing coalescing) {

    static BenchOptions parse(String[] args) {
        String redis = null;
        int keys = 100_000;
        Duration round = Duration.ofSeconds(3);
        int rounds = 2;
        List<Integer> inFlight = List.of(1, 64, 256);
        Duration warmup = Duration.ofSeconds(10);
        int calls = CallCoalescing.defaults().callsInFlight();
        int perCall = CallCoalescing.defaults().decisionsPerCall();
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--redis" -> redis = value;
                case "--keys" -> keys = Integer.parseInt(value);
                case "--seconds" -> round = Duration.ofMillis((long) (Double.parseDouble(value) * 1000));
                case "--rounds" -> rounds = Integer.parseInt(value);
                case "--in-flight" -> {
                    List<Integer> levels = new ArrayList<>();
                    for (String level : value.split(",")) {
                        levels.add(Integer.parseInt(level.trim()));
                    }
                    inFlight = List.copyOf(levels);
                }
                case "--warmup" -> warmup = Duration.ofMillis((long) (Double.parseDouble(value) * 1000));
                case "--calls" -> calls = Integer.parseInt(value);
                case "--per-call" -> perCall = Integer.parseInt(value);
                default -> throw new IllegalArgumentException("unknown flag " + args[i]
                        + "; flags: --redis URI --keys N --seconds S --rounds N --in-flight 1,64,256 --warmup S"
                        + " --calls 2 --per-call 64");
            }
            i++;
        }
        return new BenchOptions(redis, keys, round, rounds, inFlight, warmup,
                new CallCoalescing(calls, perCall, CallCoalescing.defaults().waitingBound()));
    }
}
