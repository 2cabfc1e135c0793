package io.stagedoor.harness.demo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Readings of a cumulative counter over a run (the room's fallback answers), and their split between a window (the
 * Redis outage and the breaker's recovery after it) and the rest of the run. An increment between two readings
 * counts in the window when the interval between them touches it at all: the split never blames "Redis up" for an
 * answer that may have come from the outage. Thread-safe.
 */
final class FallbackTimeline {

    /**
     * What a split found.
     *
     * @param whileUp  increments outside the window
     * @param inWindow increments in it
     * @param upFrom   the start of the first interval with increments outside the window; null when none
     * @param upTo     the end of the last such interval; null when none
     */
    record Split(long whileUp, long inWindow, Instant upFrom, Instant upTo) {

        /** A split that does not say when. */
        Split(long whileUp, long inWindow) {
            this(whileUp, inWindow, null, null);
        }

        long total() {
            return whileUp + inWindow;
        }
    }

    private record Reading(Instant at, long total) {
    }

    private final List<Reading> readings = new ArrayList<>();

    /** The counter read {@code total} at {@code at}; readings come in time order. */
    synchronized void record(Instant at, long total) {
        readings.add(new Reading(at, total));
    }

    /** Readings so far. */
    synchronized int readings() {
        return readings.size();
    }

    /**
     * The increments since the first reading, split by the window from {@code windowFrom} to {@code windowTo}
     * (null {@code windowFrom}: no window, everything counts as up; null {@code windowTo}: open to the end).
     */
    synchronized Split split(Instant windowFrom, Instant windowTo) {
        long up = 0;
        long window = 0;
        Instant upFrom = null;
        Instant upTo = null;
        for (int i = 1; i < readings.size(); i++) {
            Reading before = readings.get(i - 1);
            Reading after = readings.get(i);
            long increment = Math.max(0, after.total() - before.total());
            if (touches(before.at(), after.at(), windowFrom, windowTo)) {
                window += increment;
            } else if (increment > 0) {
                up += increment;
                upFrom = upFrom == null ? before.at() : upFrom;
                upTo = after.at();
            }
        }
        return new Split(up, window, upFrom, upTo);
    }

    private static boolean touches(Instant from, Instant to, Instant windowFrom, Instant windowTo) {
        return windowFrom != null && !to.isBefore(windowFrom) && (windowTo == null || !from.isAfter(windowTo));
    }
}
