package io.stagedoor.audit.report;

import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.audit.evidence.Request;
import io.stagedoor.topics.AdmissionRecord;
import io.stagedoor.audit.evidence.ResultSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The window cut into intervals of one second (longer when the window would need more than {@link #MAX_BINS}):
 * per interval, the requests published ("admitted"), the refusals and sheds the admissions topic recorded, the
 * fallback decisions, and the percentiles of the time from acceptance to result of the requests accepted in it.
 *
 * @param start     the start of the first interval
 * @param binMillis the length of one interval
 * @param bins      the intervals, in time order
 */
public record Timeline(Instant start, long binMillis, List<Bin> bins) {

    /** Most intervals a timeline holds; a longer window gets longer intervals. */
    public static final int MAX_BINS = 1800;

    /**
     * One interval.
     *
     * @param at         its start
     * @param admitted   requests published to the holds and checkouts topics
     * @param refused    decisions recorded as refused
     * @param shed       decisions recorded as shed
     * @param fallback   decisions a fallback made
     * @param results    results of requests accepted in the interval
     * @param p50Millis  median acceptance-to-result time, or null without results
     * @param p90Millis  90th percentile, or null
     * @param p99Millis  99th percentile, or null
     * @param maxMillis  slowest, or null
     */
    public record Bin(Instant at, long admitted, long refused, long shed, long fallback, long results, Long p50Millis,
                      Long p90Millis, Long p99Millis, Long maxMillis) {
    }

    public Timeline {
        bins = List.copyOf(bins);
    }

    /** The timeline of {@code window} from the evidence read for it. */
    public static Timeline of(Evidence evidence, AuditWindow window) {
        long from = window.from().toEpochMilli();
        long span = Math.max(1, Duration.between(window.from(), window.to()).toMillis() + 1);
        long binMillis = Math.max(1000, Math.ceilDiv(Math.ceilDiv(span, MAX_BINS), 1000) * 1000);
        int count = (int) Math.ceilDiv(span, binMillis);
        long[] admitted = new long[count];
        long[] refused = new long[count];
        long[] shed = new long[count];
        long[] fallback = new long[count];
        List<List<Long>> latencies = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            latencies.add(new ArrayList<>());
        }
        for (Located<Request> request : evidence.requests()) {
            add(admitted, index(request.ref().timestamp(), from, binMillis, count), 1);
        }
        for (Located<AdmissionRecord> located : evidence.admissions()) {
            AdmissionRecord record = located.value();
            int bin = index(record.at() != null ? record.at() : located.ref().timestamp(), from, binMillis, count);
            switch (record.outcome()) {
                case AdmissionRecord.REFUSED -> add(refused, bin, record.count());
                case AdmissionRecord.SHED -> add(shed, bin, record.count());
                case AdmissionRecord.FALLBACK_OPEN, AdmissionRecord.FALLBACK_LOCAL -> add(fallback, bin, record.count());
                default -> { }
            }
        }
        for (Located<ResultSummary> located : evidence.results()) {
            ResultSummary result = located.value();
            if (result.acceptedAt() != null && result.decidedAt() != null) {
                int bin = index(result.acceptedAt(), from, binMillis, count);
                if (bin >= 0) {
                    latencies.get(bin).add(Math.max(0, Duration.between(result.acceptedAt(), result.decidedAt()).toMillis()));
                }
            }
        }
        List<Bin> bins = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long[] sorted = latencies.get(i).stream().mapToLong(Long::longValue).sorted().toArray();
            bins.add(new Bin(Instant.ofEpochMilli(from + i * binMillis), admitted[i], refused[i], shed[i], fallback[i],
                    sorted.length, percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99),
                    sorted.length == 0 ? null : sorted[sorted.length - 1]));
        }
        return new Timeline(window.from(), binMillis, bins);
    }

    /** Nearest-rank percentile of sorted values, or null when there are none. */
    static Long percentile(long[] sorted, int percent) {
        if (sorted.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static int index(Instant at, long from, long binMillis, int count) {
        long offset = at.toEpochMilli() - from;
        if (offset < 0) {
            return -1;
        }
        long bin = offset / binMillis;
        return bin >= count ? -1 : (int) bin;
    }

    private static void add(long[] series, int bin, long decisions) {
        if (bin >= 0) {
            series[bin] += decisions;
        }
    }
}
