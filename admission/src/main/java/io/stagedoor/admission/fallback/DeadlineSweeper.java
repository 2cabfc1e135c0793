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
 */
final class DeadlineSweeper implements AutoCloseable {

    private record Pending(long deadlineNanos, CompletableFuture<?> call) {
    }

    private final long timeoutNanos;
    private final Duration timeout;
    private final Queue<Pending> pending = new ConcurrentLinkedQueue<>();
    private final ScheduledExecutorService ticker;

    DeadlineSweeper(Duration timeout, Duration tick) {
        this.timeout = timeout;
        this.timeoutNanos = timeout.toNanos();
        this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "stagedoor-redis-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(this::sweep, tick.toNanos(), tick.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Watches {@code call}, started at {@code startNanos}; returns it. */
    <T> CompletableFuture<T> watch(CompletableFuture<T> call, long startNanos) {
        if (!call.isDone()) {
            pending.add(new Pending(startNanos + timeoutNanos, call));
        }
        return call;
    }

    private void sweep() {
        long now = System.nanoTime();
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
        ticker.shutdownNow();
    }
}
