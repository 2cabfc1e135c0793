package io.stagedoor.bench.gateway;

import io.stagedoor.bench.storm.Wrk;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * One server the benchmark measures alone: the wrk of each scenario (where its requests go), the token file its
 * fresh buyers and bare requests come from, where a storm round's spent buyers come from, the CPU of what works
 * behind it (the backend, the upstream) and its fallback count ({@code NaN} where it has none).
 *
 * @param children whether the server's CPU includes its child processes (nginx's workers)
 */
record Contender(String name, ServerProcess server, boolean children, Map<Scenario, Wrk> wrks,
                 Map<Scenario, Path> tokens, SpentBuyers spent, LongSupplier behindCpuNanos, Count fallbacks) {

    /**
     * Buyers who spent their burst: new ones each call, their buckets emptied whole (a bucket that refilled in part
     * cannot be emptied to exactly nothing, and its fraction of a token would let a buyer in early).
     */
    @FunctionalInterface
    interface SpentBuyers {
        /** The token file of the next set of spent buyers. */
        Path next() throws Exception;
    }

    /** A counter read from the server, or {@code NaN}. */
    @FunctionalInterface
    interface Count {
        double read() throws Exception;
    }

    Contender {
        wrks = Map.copyOf(wrks);
        tokens = Map.copyOf(tokens);
    }

    long cpuNanos() {
        return server.cpuNanos(children);
    }
}
