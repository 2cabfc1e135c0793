package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Fails calls that outlive a fixed timeout, at the cost of one queue insert per call. Every call has the same
 * timeout, so calls enter in deadline order and one thread, waking every {@code tick}, pops expired or finished
 * calls off the head. {@link CompletableFuture#orTimeout} would instead schedule and cancel a task per call
 * and wake its timer thread on most of them: measurable at tens of thousands of decisions per second on two
 * cores. A call fails between {@code timeout} and {@code timeout + tick} after it started.
 *
 * <p>A deadline is meant to catch a slow Redis, not a starved JVM. When the sweeper itself wakes late (more than
 * {@link #LATE_TICKS} ticks since its last sweep), the process was descheduled or paused, and the replies of calls
 * now past their deadline may be sitting unread in the socket: that sweep expires nothing, giving the I/O thread
 * one tick to read them. The next sweep expires as usual, late or not, so however starved the process a call
 * fails at most one sweep later than it would have. Without this, a CPU-starved ingress failed its Redis calls and
 * fell back (failing open) while Redis itself answered in microseconds.
 *
 * <p>Each sweep also tells its {@link OverloadSignal} how late it woke: the sweeper is the process's own
 * scheduling-lag probe, which the guard reads when it must tell our saturation from Redis's outage.
 */
final class DeadlineSweeper implements AutoCloseable {

    /** A sweep this many ticks after the last one finds the process was starved, and expires nothing. */
    static final int LATE_TICKS = 3;

    private record Pending(long deadlineNanos, CompletableFuture<?> call) {
    }

    private final long timeoutNanos;
    private final Duration timeout;
    private final Queue<Pending> pending = new ConcurrentLinkedQueue<>();
    private final ScheduledExecutorService ticker;
    private final long lateNanos;
    private final long tickNanos;
    private final OverloadSignal overload;
    private long lastSweepNanos;
    private boolean skippedLast;

    /** A sweeper that sweeps every {@code tick} on a daemon thread of its own. */
    DeadlineSweeper(Duration timeout, Duration tick) {
        this(timeout, tick, System.nanoTime(), OverloadSignal.ofThisProcess(tick, System.nanoTime()),
                Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "stagedoor-redis-deadlines");
            thread.setDaemon(true);
            return thread;
        }));
        ticker.scheduleAtFixedRate(() -> sweep(System.nanoTime()), tick.toNanos(), tick.toNanos(),
                TimeUnit.NANOSECONDS);
    }

    private DeadlineSweeper(Duration timeout, Duration tick, long startNanos, OverloadSignal overload,
                            ScheduledExecutorService ticker) {
        this.timeout = timeout;
        this.tickNanos = tick.toNanos();
        this.overload = overload;
        this.timeoutNanos = timeout.toNanos();
        this.lateNanos = LATE_TICKS * tick.toNanos();
        this.lastSweepNanos = startNanos;
        this.ticker = ticker;
    }

    /** A sweeper that sweeps only when {@link #sweep} is called, its first sweep due a tick after {@code startNanos}. */
    static DeadlineSweeper unscheduled(Duration timeout, Duration tick, long startNanos) {
        return unscheduled(timeout, tick, startNanos, new OverloadSignal(() -> -1, tick, startNanos));
    }

    /** The same, telling {@code overload} how late each sweep came. */
    static DeadlineSweeper unscheduled(Duration timeout, Duration tick, long startNanos, OverloadSignal overload) {
        return new DeadlineSweeper(timeout, tick, startNanos, overload, null);
    }

    /** What the sweeps measured of this process's scheduling lag and load. */
    OverloadSignal overload() {
        return overload;
    }

    /** Watches {@code call}, started at {@code startNanos}; returns it. */
    <T> CompletableFuture<T> watch(CompletableFuture<T> call, long startNanos) {
        if (!call.isDone()) {
            pending.add(new Pending(startNanos + timeoutNanos, call));
        }
        return call;
    }

    /** Expires the calls past their deadline at {@code now}, unless this sweep comes late; runs on one thread. */
    void sweep(long now) {
        boolean late = now - lastSweepNanos > lateNanos;
        overload.swept(now, Math.max(0, now - lastSweepNanos - tickNanos));
        lastSweepNanos = now;
        if (late && !skippedLast) {
            skippedLast = true;
            return;
        }
        skippedLast = false;
        for (Pending head = pending.peek(); head != null; head = pending.peek()) {
            if (!head.call().isDone() && head.deadlineNanos() - now > 0) {
                return;
            }
            pending.poll();
            head.call().completeExceptionally(new TimeoutException(AdmissionMessages.storeTimedOut(timeout)));
        }
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }
}
