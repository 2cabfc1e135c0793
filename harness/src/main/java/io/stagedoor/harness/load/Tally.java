package io.stagedoor.harness.load;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Answers counted by HTTP status (-1: none), each status with two latency histograms in microseconds: from the
 * intended send time (the due time of an {@link OpenLoop}) and from the actual write. HdrHistogram keeps three
 * significant digits of a load of millions in a few kilobytes. Thread-safe for recording.
 */
public final class Tally {

    private final Map<Integer, PerStatus> byStatus = new ConcurrentHashMap<>();
    private volatile double seconds;

    /** Counts one answer of {@code status} (-1 when none came), with both its latencies in microseconds. */
    public void record(int status, long latencyMicros, long serviceMicros) {
        PerStatus stats = byStatus.computeIfAbsent(status, s -> new PerStatus());
        stats.latency.recordValue(latencyMicros);
        stats.service.recordValue(serviceMicros);
    }

    /** Sets the measured window's length, which {@link #perSecond(int)} divides by. */
    public void seconds(double value) {
        seconds = value;
    }

    /** The measured window's length. */
    public double seconds() {
        return seconds;
    }

    /** Answers of this status. */
    public long count(int status) {
        PerStatus stats = byStatus.get(status);
        return stats == null ? 0 : stats.latency.getTotalCount();
    }

    /** Every answer. */
    public long total() {
        return byStatus.values().stream().mapToLong(s -> s.latency.getTotalCount()).sum();
    }

    /** Answers of this status per second of the window. */
    public double perSecond(int status) {
        return seconds <= 0 ? 0 : count(status) / seconds;
    }

    /** Latency from the intended send time, microseconds, for one status (empty histogram when none). */
    public Histogram latency(int status) {
        PerStatus stats = byStatus.get(status);
        return stats == null ? new Histogram(3) : stats.latency;
    }

    /** Latency from the actual write, microseconds, for one status. */
    public Histogram service(int status) {
        PerStatus stats = byStatus.get(status);
        return stats == null ? new Histogram(3) : stats.service;
    }

    /** Adds another tally's counts and histograms (and window) to this one. */
    public void add(Tally other) {
        other.byStatus.forEach((status, stats) -> {
            PerStatus mine = byStatus.computeIfAbsent(status, s -> new PerStatus());
            mine.latency.add(stats.latency);
            mine.service.add(stats.service);
        });
        seconds += other.seconds;
    }

    /** "202=1234 429=5" in status order. */
    public String statuses() {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(byStatus).forEach((status, stats) -> text.append(text.isEmpty() ? "" : " ")
                .append(status < 0 ? "error" : status).append('=').append(stats.latency.getTotalCount()));
        return text.toString();
    }

    private static final class PerStatus {
        final ConcurrentHistogram latency = new ConcurrentHistogram(3);
        final ConcurrentHistogram service = new ConcurrentHistogram(3);
    }
}
