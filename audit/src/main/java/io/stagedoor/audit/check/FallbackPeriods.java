package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.AdmissionRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * When a fallback decided instead of Redis ({@code fallback-open} or {@code fallback-local}): the periods, each
 * with its start, end and count per limit. Decisions less than {@link #GAP} apart belong to one period. Reported,
 * never a failure: failing open is the policy, and this is how an outage becomes a number.
 */
final class FallbackPeriods implements Check {

    static final String NAME = "fallback-periods";
    static final Duration GAP = Duration.ofSeconds(5);

    /**
     * One period when a fallback decided.
     *
     * @param start   the first fallback decision
     * @param end     the last
     * @param count   decisions in the period
     * @param byLimit decisions per limit and outcome ({@code buyer-seats fallback-open})
     */
    public record Period(Instant start, Instant end, long count, Map<String, Long> byLimit) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        List<Located<AdmissionRecord>> fallbacks = new ArrayList<>();
        for (Located<AdmissionRecord> record : evidence.admissions()) {
            String outcome = record.value().outcome();
            if (AdmissionRecord.FALLBACK_OPEN.equals(outcome) || AdmissionRecord.FALLBACK_LOCAL.equals(outcome)) {
                fallbacks.add(record);
            }
        }
        fallbacks.sort(Comparator.comparing(FallbackPeriods::at));
        List<Period> periods = new ArrayList<>();
        Instant start = null;
        Instant end = null;
        Map<String, Long> byLimit = new LinkedHashMap<>();
        for (Located<AdmissionRecord> record : fallbacks) {
            Instant at = at(record);
            if (end != null && Duration.between(end, at).compareTo(GAP) > 0) {
                periods.add(new Period(start, end, sum(byLimit), Map.copyOf(byLimit)));
                start = null;
                byLimit = new LinkedHashMap<>();
            }
            if (start == null) {
                start = at;
            }
            end = at;
            byLimit.merge(record.value().limit() + " " + record.value().outcome(), record.value().count(), Long::sum);
        }
        if (start != null) {
            periods.add(new Period(start, end, sum(byLimit), Map.copyOf(byLimit)));
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("periods", periods);
        return new CheckResult(NAME, "the periods when a fallback decided (reported, not a failure)",
                periods.isEmpty() ? CheckStatus.PASSED : CheckStatus.NOTED, decisions(fallbacks), List.of(), details);
    }

    private static Instant at(Located<AdmissionRecord> record) {
        return record.value().at() != null ? record.value().at() : record.ref().timestamp();
    }

    private static long decisions(List<Located<AdmissionRecord>> records) {
        return records.stream().mapToLong(record -> record.value().count()).sum();
    }

    private static long sum(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }
}
