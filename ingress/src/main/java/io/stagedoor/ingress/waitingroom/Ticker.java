package io.stagedoor.ingress.waitingroom;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs one task every {@code periodMillis} on a daemon thread of its own, each run starting a period after the last
 * ended, from {@link #start} until {@link #close}. The room's background work (openings, the closed loop) ticks on
 * these.
 */
final class Ticker implements AutoCloseable {

    private final String name;
    private final long periodMillis;
    private final Runnable task;
    private ScheduledExecutorService thread;

    Ticker(String name, long periodMillis, Runnable task) {
        this.name = name;
        this.periodMillis = periodMillis;
        this.task = task;
    }

    synchronized void start() {
        if (thread == null) {
            thread = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name(name).factory());
            thread.scheduleWithFixedDelay(task, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Stops ticking, waiting up to a second for a run in progress. */
    @Override
    public synchronized void close() {
        if (thread != null) {
            thread.shutdownNow();
            try {
                thread.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
