package io.stagedoor.bench.herd.http;

import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies of the run's routes, in microseconds: from when the request was due (what a buyer waits, the
 * driver's own queueing included: no coordinated omission), from when it was written (the answer time through nginx),
 * and how late it was written. Recorded from any thread; {@link #interval()} hands over what was recorded since the last call.
 */
final class LatencyLog {

    /** The routes measured. */
    enum Route {
        /** {@code POST /v1/events/{id}/queue}. */
        JOIN,
        /** {@code GET /v1/events/{id}/queue/{ticket}}. */
        POLL,
        /** {@code GET /health/live}, the bare route. */
        BARE,
        /** {@code POST /v1/events/{id}/holds}, with a pass. */
        HOLD
    }

    /**
     * One route's latencies over an interval, in microseconds.
     *
     * @param fromDue  from when each request was due to its answer
     * @param fromSent from when it was written to its answer
     * @param late     from when it was due to when it was written: the driver's own queueing
     */
    record Latencies(Histogram fromDue, Histogram fromSent, Histogram late) {

        long count() {
            return fromDue.getTotalCount();
        }

        /** The percentile from the due time, in milliseconds; NaN without a sample. */
        double dueMillis(double percentile) {
            return count() == 0 ? Double.NaN : fromDue.getValueAtPercentile(percentile) / 1000.0;
        }

        /** The percentile from the send time, in milliseconds; NaN without a sample. */
        double sentMillis(double percentile) {
            return count() == 0 ? Double.NaN : fromSent.getValueAtPercentile(percentile) / 1000.0;
        }

        /** The percentile of lateness, in milliseconds; NaN without a sample. */
        double lateMillis(double percentile) {
            return count() == 0 ? Double.NaN : late.getValueAtPercentile(percentile) / 1000.0;
        }

        Latencies plus(Latencies other) {
            return new Latencies(sum(fromDue, other.fromDue), sum(fromSent, other.fromSent), sum(late, other.late));
        }

        private static Histogram sum(Histogram one, Histogram other) {
            Histogram sum = one.copy();
            sum.add(other);
            return sum;
        }

        static Latencies empty() {
            return new Latencies(new Histogram(3), new Histogram(3), new Histogram(3));
        }
    }

    private final Map<Route, Recorder> fromDue = new EnumMap<>(Route.class);
    private final Map<Route, Recorder> fromSent = new EnumMap<>(Route.class);
    private final Map<Route, Recorder> late = new EnumMap<>(Route.class);

    LatencyLog() {
        for (Route route : Route.values()) {
            fromDue.put(route, new Recorder(3));
            fromSent.put(route, new Recorder(3));
            late.put(route, new Recorder(3));
        }
    }

    void record(Route route, long dueNanos, long sentNanos, long doneNanos) {
        fromDue.get(route).recordValue(Math.max(1, (doneNanos - dueNanos) / 1_000));
        fromSent.get(route).recordValue(Math.max(1, (doneNanos - sentNanos) / 1_000));
        late.get(route).recordValue(Math.max(0, (sentNanos - dueNanos) / 1_000));
    }

    /** Every route's latencies since the last call (or since the log was made). */
    Map<Route, Latencies> interval() {
        Map<Route, Latencies> interval = new EnumMap<>(Route.class);
        for (Route route : Route.values()) {
            interval.put(route, new Latencies(fromDue.get(route).getIntervalHistogram(),
                    fromSent.get(route).getIntervalHistogram(), late.get(route).getIntervalHistogram()));
        }
        return interval;
    }
}
