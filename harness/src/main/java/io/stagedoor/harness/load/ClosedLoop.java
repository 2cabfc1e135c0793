package io.stagedoor.harness.load;

import io.stagedoor.harness.HarnessMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A closed loop: {@code callers} callers, each on its own virtual thread with a channel of its own (a keep-alive
 * connection), each making its next call as soon as the previous one returned, for a fixed time. The caller is
 * handed the window's end so it can leave uncounted a call that completes after it.
 */
public final class ClosedLoop {

    /** One call, made on a caller's thread with the caller's channel; called concurrently by the callers. */
    @FunctionalInterface
    public interface Call<C> {
        void call(C channel, long index, long windowEndNanos);
    }

    private final int callers;
    private final LongSupplier nanoTime;

    public ClosedLoop(int callers) {
        this(callers, System::nanoTime);
    }

    /** @param nanoTime the clock the window is read on ({@link System#nanoTime()} but in tests) */
    public ClosedLoop(int callers, LongSupplier nanoTime) {
        if (callers < 1) {
            throw new IllegalArgumentException(HarnessMessages.callersBelowOne(callers));
        }
        this.callers = callers;
        this.nanoTime = nanoTime;
    }

    /**
     * Runs for {@code length} and waits for the callers (at most {@code length + 60 s}). Each caller opens its
     * channel with {@code channels} first and closes it (when it is {@link AutoCloseable}) at the end.
     */
    public <C> void run(Duration length, Supplier<? extends C> channels, Call<? super C> call)
            throws InterruptedException {
        AtomicLong next = new AtomicLong();
        long end = nanoTime.getAsLong() + length.toNanos();
        List<Thread> threads = new ArrayList<>(callers);
        for (int c = 0; c < callers; c++) {
            threads.add(Thread.ofVirtual().name("closed-loop-", c).start(() -> {
                C channel = channels.get();
                try {
                    while (nanoTime.getAsLong() < end) {
                        call.call(channel, next.getAndIncrement(), end);
                    }
                } finally {
                    if (channel instanceof AutoCloseable closeable) {
                        try {
                            closeable.close();
                        } catch (Exception e) {
                            // a channel that cannot close cleanly after the run changes nothing it measured
                        }
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(length.toMillis() + 60_000);
        }
    }
}
