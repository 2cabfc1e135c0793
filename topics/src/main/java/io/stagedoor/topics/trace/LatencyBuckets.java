package io.stagedoor.topics.trace;

import java.time.Duration;

/**
 * The buckets of every latency histogram of the pipeline (a request served, a result's wait, a payment call), the same
 * in every part so they can be summed and compared. Each bucket keeps an exemplar, the trace of one request that
 * fell in it, when tracing is on.
 */
public final class LatencyBuckets {

    private LatencyBuckets() {
    }

    /** From 1 ms to 10 s, about three per decade. */
    public static Duration[] bounds() {
        return new Duration[] {
                Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
                Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
                Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
                Duration.ofSeconds(1), Duration.ofMillis(2_500), Duration.ofSeconds(5), Duration.ofSeconds(10)};
    }
}
