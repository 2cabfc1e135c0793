package io.stagedoor.ingress.waitingroom;

import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Hold POST-to-result latencies of the current window, for the closed loop: {@link #takeP99Millis} reads the
 * window's 99th percentile and starts the next. A fixed histogram of quarter-octave buckets (1 ms to about 17
 * minutes, each within 19 % of its neighbour), so memory never grows with the results and recording is one atomic
 * add. Thread-safe.
 */
final class ResultLatencies {

    private static final int BUCKETS = 80;
    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final Clock clock;

    ResultLatencies(Clock clock) {
        this.clock = clock;
    }

    /** Counts a hold's result (a checkout's waits for its payment, which is not the pipeline's headroom). */
    void resultArrived(Result result) {
        boolean hold = result.status() == ResultStatus.HELD || result.holdId() == null;
        if (hold && result.acceptedAt() != null) {
            record(clock.millis() - result.acceptedAt().toEpochMilli());
        }
    }

    void record(long millis) {
        counts.incrementAndGet(bucket(Math.max(1, millis)));
    }

    /** The window's p99 in ms, as its bucket's upper edge; 0 when nothing arrived. Starts the next window. */
    long takeP99Millis() {
        long[] window = new long[BUCKETS];
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            window[i] = counts.getAndSet(i, 0);
            total += window[i];
        }
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(total * 0.99);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += window[i];
            if (seen >= rank) {
                return upperEdge(i);
            }
        }
        return upperEdge(BUCKETS - 1);
    }

    private static int bucket(long millis) {
        int index = (int) Math.ceil(4 * Math.log(millis) / Math.log(2));
        return Math.min(BUCKETS - 1, Math.max(0, index));
    }

    private static long upperEdge(int bucket) {
        return Math.round(Math.pow(2, bucket / 4.0));
    }
}
