package io.stagedoor.harness.load;

import io.stagedoor.harness.HarnessMessages;
import java.time.Duration;

/**
 * When each arrival of an open loop is due: the {@code i}-th {@code i x periodNanos} after the start, so a late
 * arrival never delays the ones after it.
 *
 * @param periodNanos nanoseconds between two due times; 0 makes every arrival due at the start
 */
public record Pacing(double periodNanos) {

    public Pacing {
        if (!(periodNanos >= 0) || Double.isInfinite(periodNanos)) {
            throw new IllegalArgumentException(HarnessMessages.badPeriodNanos(periodNanos));
        }
    }

    /** {@code rate} arrivals a second. */
    public static Pacing perSecond(double rate) {
        if (!(rate > 0)) {
            throw new IllegalArgumentException(HarnessMessages.rateNotPositive(rate));
        }
        return new Pacing(1e9 / rate);
    }

    /** {@code count} arrivals spread evenly over {@code window}, the first at its start. */
    public static Pacing spread(long count, Duration window) {
        return new Pacing(count <= 0 ? 0 : (double) Math.max(0, window.toNanos()) / count);
    }

    /** When arrival {@code index} is due, for a loop that started at {@code startNanos}. */
    public long due(long startNanos, long index) {
        return startNanos + (long) (index * periodNanos);
    }
}
