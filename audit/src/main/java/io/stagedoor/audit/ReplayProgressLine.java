package io.stagedoor.audit;

import io.stagedoor.topics.replay.ReplayProgress;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The replay's progress as one line rewritten in place ({@code \r}) on the error stream, at most a few times a
 * second, summed over the topics being read side by side. Thread-safe.
 */
public final class ReplayProgressLine implements ReplayProgress {

    private static final long EVERY_NANOS = 250_000_000L;

    private final PrintWriter err;
    private final Map<String, long[]> topics = new ConcurrentHashMap<>();
    private final long started = System.nanoTime();
    private long lastPrinted;
    private boolean printed;

    public ReplayProgressLine(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void advanced(String topic, long read, long total) {
        topics.put(topic, new long[] {read, total});
        long now = System.nanoTime();
        synchronized (this) {
            if (now - lastPrinted < EVERY_NANOS) {
                return;
            }
            lastPrinted = now;
            long done = 0;
            long all = 0;
            for (long[] counts : topics.values()) {
                done += counts[0];
                all += counts[1];
            }
            double seconds = Math.max(1e-3, (now - started) / 1e9);
            err.printf(Locale.ROOT, "\rreplaying: %,d of %,d records (%d%%), %,d records/s   ", done, all,
                    all == 0 ? 100 : done * 100 / all, (long) (done / seconds));
            err.flush();
            printed = true;
        }
    }

    /** Ends the progress line, if one was printed. */
    public synchronized void done() {
        if (printed) {
            err.println();
            err.flush();
        }
    }
}
