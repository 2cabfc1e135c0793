package io.stagedoor.harness.load;

import java.util.Arrays;

/**
 * Latencies of one kind of request, kept whole (a demo or a fault scenario records a few thousand) so quantiles are
 * exact: the nearest-rank value of the sorted samples. A load of millions records into {@link Tally}'s histograms
 * instead. Thread-safe.
 */
public final class LatencySamples {

    private long[] nanos = new long[1024];
    private int size;

    /** Records one latency; a negative one counts as 0. */
    public synchronized void record(long latencyNanos) {
        if (size == nanos.length) {
            nanos = Arrays.copyOf(nanos, size * 2);
        }
        nanos[size++] = Math.max(0, latencyNanos);
    }

    public synchronized int count() {
        return size;
    }

    /** The nearest-rank {@code q}-quantile ({@code 0 < q <= 1}) in nanoseconds; 0 when nothing was recorded. */
    public synchronized long quantile(double q) {
        if (size == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * size);
        return sorted[Math.min(Math.max(rank, 1), size) - 1];
    }

    /** The largest latency recorded, in nanoseconds; 0 when nothing was recorded. */
    public synchronized long max() {
        long max = 0;
        for (int i = 0; i < size; i++) {
            max = Math.max(max, nanos[i]);
        }
        return max;
    }
}
