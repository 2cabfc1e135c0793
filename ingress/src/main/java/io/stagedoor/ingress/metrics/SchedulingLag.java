package io.stagedoor.ingress.metrics;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures how late a ticker thread wakes up compared with its schedule. When the CPU is saturated or the heap is
 * collecting, every thread is late by about the same amount; this is the JVM's counterpart of event-loop lag, and
 * readiness turns false when it stays high.
 */
public final class SchedulingLag implements AutoCloseable {

    private static final long PERIOD_MILLIS = 100;

    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
            runnable -> Thread.ofPlatform().daemon().name("scheduling-lag").unstarted(runnable));
    private final AtomicLong lagNanos = new AtomicLong();
    private final AtomicLong windowNanos = new AtomicLong();
    private final AtomicLong windowTicks = new AtomicLong();
    private volatile long expected;

    public SchedulingLag() {
        expected = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);
        ticker.scheduleAtFixedRate(this::tick, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void tick() {
        long now = System.nanoTime();
        long lag = Math.max(0, now - expected);
        lagNanos.set(lag);
        windowNanos.addAndGet(lag);
        windowTicks.incrementAndGet();
        expected = now + TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);
    }

    /** The lag measured at the last tick. */
    public Duration current() {
        return Duration.ofNanos(lagNanos.get());
    }

    /**
     * The mean lag of the ticks since the last call (or since the start), and starts the next such window: a
     * collection pause or a burst shows in it only as much as it delayed the whole window.
     */
    public Duration takeMean() {
        long ticks = windowTicks.getAndSet(0);
        long nanos = windowNanos.getAndSet(0);
        return ticks == 0 ? current() : Duration.ofNanos(nanos / ticks);
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
