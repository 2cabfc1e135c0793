package io.stagedoor.bench.herd.http;

import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * A request one buyer is due to make: their join, or a poll of their ticket (in a {@link HoldingCrowd}, their hold). Ordered by when it is due, so a
 * {@link java.util.concurrent.DelayQueue} of them hands each to a connection at its time, and no thread waits per
 * buyer.
 *
 * @param buyer    the buyer's index in the crowd
 * @param join     true for the join, false for a poll (or a hold)
 * @param dueNanos when it is due, on {@link System#nanoTime()}
 */
record Visit(int buyer, boolean join, long dueNanos) implements Delayed {

    @Override
    public long getDelay(TimeUnit unit) {
        return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
        return other instanceof Visit visit ? Long.compare(dueNanos, visit.dueNanos)
                : Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }
}
