package io.stagedoor.harness.demo;

import io.stagedoor.harness.load.LatencySamples;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Latencies with when each request was sent, so that a stretch of the run (the Redis outage) can be left out of a
 * quantile afterwards. A demo records a few thousand. Thread-safe.
 */
final class TimedLatencies {

    private record Sample(Instant sentAt, long nanos) {
    }

    private final List<Sample> samples = new ArrayList<>();

    synchronized void record(Instant sentAt, long nanos) {
        samples.add(new Sample(sentAt, nanos));
    }

    /** Every latency recorded. */
    LatencySamples all() {
        return outside(null, null);
    }

    /** The latencies of requests sent outside {@code [from, to]}; all of them when {@code from} is null. */
    synchronized LatencySamples outside(Instant from, Instant to) {
        LatencySamples kept = new LatencySamples();
        for (Sample sample : samples) {
            if (from == null || sample.sentAt().isBefore(from) || sample.sentAt().isAfter(to)) {
                kept.record(sample.nanos());
            }
        }
        return kept;
    }
}
