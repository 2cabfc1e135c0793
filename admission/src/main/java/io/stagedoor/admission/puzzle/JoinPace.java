package io.stagedoor.admission.puzzle;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * This instance's joins per second for each event with a puzzle: the count of the last whole second. One entry per
 * event that issued or spent a puzzle here, and events are the catalog's, so the map stays small.
 */
final class JoinPace {

    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    JoinPace(LongSupplier clock) {
        this.clock = clock;
    }

    void joined(String eventId) {
        windows.computeIfAbsent(eventId, id -> new Window()).count(clock.getAsLong() / 1000);
    }

    /** Joins in the last whole second. */
    double perSecond(String eventId) {
        Window window = windows.get(eventId);
        return window == null ? 0 : window.last(clock.getAsLong() / 1000);
    }

    /** Two adjacent seconds: the one running and the one before. */
    private static final class Window {

        private long second;
        private long current;
        private long previous;

        synchronized void count(long now) {
            roll(now);
            current++;
        }

        synchronized long last(long now) {
            roll(now);
            return previous;
        }

        private void roll(long now) {
            if (now == second) {
                return;
            }
            previous = now == second + 1 ? current : 0;
            current = 0;
            second = now;
        }
    }
}
