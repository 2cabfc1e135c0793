package io.stagedoor.harness.demo;

import java.time.Duration;
import java.util.Arrays;

/**
 * Latencies of one kind of request, kept whole (a demo records a few thousand) so percentiles are exact: the
 * nearest-rank value of the sorted samples. Thread-safe.
 */
final class LatencySamples {

    private long[] nanos = new long[1024];
    private int size;

    synchronized void record(Duration latency) {
        if (size == nanos.length) {
            nanos = Arrays.copyOf(nanos, size * 2);
        }
        nanos[size++] = Math.max(0, latency.toNanos());
    }

    synchronized int count() {
        return size;
    }

    /** The nearest-rank percentile ({@code 0 < p <= 100}); zero when nothing was recorded. */
    synchronized Duration percentile(double p) {
        if (size == 0) {
            return Duration.ZERO;
        }
        long[] sorted = Arrays.copyOf(nanos, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * size);
        return Duration.ofNanos(sorted[Math.min(Math.max(rank, 1), size) - 1]);
    }
}
