package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.AdmissionRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * No key of one limit was admitted more than its policy allows over any window: the recorded decisions of the
 * limit are replayed per key, in the order of the callers' clocks, through a {@link ReplayedBucket}, and an
 * admission the replayed bucket could not pay for fails. Refusals take nothing. Decisions a fallback made while
 * Redis was unreachable ({@code fallback-open}, {@code fallback-local}) are tolerated and counted apart: Redis
 * never saw them, so the replay does not charge them either.
 *
 * <p>A check is made for each limit the window recorded decisions of (its name and policy are in the records), so a
 * limit an operator declared is audited like the shipped ones; login's limits are not, as a right password gives its
 * account token back. The replay assumes the ingress records an {@code admitted} decision per limit only when that limit's tokens
 * were taken (a request refused by another limit is recorded against the refusing limit alone). A record stands for
 * {@link AdmissionRecord#count()} decisions (refusals the ingress answered from its refusal cache are written once
 * per key and second with their number), and the figures count every one of them.
 *
 * <p>A Redis that restarts without persistence comes back with every bucket full. So when any fallback decision
 * falls between two decisions of a key, the replay starts that key's bucket afresh, as Redis may have; the keys so
 * reset are counted in the details ({@code resetAfterOutage}), next to the fallback periods the audit reports.
 */
final class LimitHeld implements Check {

    /** Login's decisions are not replayed: a right password gives its account token back, unrecorded. */
    private static final String LOGIN = "login";

    private final String limit;
    private final String promise;

    LimitHeld(String limit) {
        this.limit = limit;
        this.promise = "no key of limit '" + limit + "' was admitted more than its recorded policy allows over any "
                + "window";
    }

    /** One check per limit the evidence holds bucket decisions of, by name, login's aside. */
    static List<Check> replayed(Evidence evidence) {
        Set<String> limits = new TreeSet<>();
        for (Located<AdmissionRecord> record : evidence.admissions()) {
            AdmissionRecord decision = record.value();
            if (decision.capacity() > 0 && !LOGIN.equals(decision.route())) {
                limits.add(decision.limit());
            }
        }
        return limits.stream().<Check>map(LimitHeld::new).toList();
    }

    @Override
    public String name() {
        return limit + "-within-policy";
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, List<Located<AdmissionRecord>>> byKey = new LinkedHashMap<>();
        for (Located<AdmissionRecord> record : evidence.admissions()) {
            if (limit.equals(record.value().limit())) {
                byKey.computeIfAbsent(record.value().key(), key -> new ArrayList<>()).add(record);
            }
        }
        Offenses offenses = new Offenses(keep);
        Map<String, Long> outcomes = new LinkedHashMap<>();
        NavigableSet<Long> fallbackClocks = fallbackClocks(evidence);
        long judged = 0;
        long resets = 0;
        for (List<Located<AdmissionRecord>> records : byKey.values()) {
            // Stable: decisions stamped in the same millisecond keep the topic's order.
            records.sort(Comparator.comparingLong(r -> r.value().clockMillis()));
            ReplayedBucket bucket = new ReplayedBucket();
            long previous = Long.MIN_VALUE;
            for (Located<AdmissionRecord> located : records) {
                AdmissionRecord record = located.value();
                judged += record.count();
                outcomes.merge(record.outcome(), record.count(), Long::sum);
                if (previous != Long.MIN_VALUE && outageBetween(fallbackClocks, previous, record.clockMillis())) {
                    bucket = new ReplayedBucket();
                    resets++;
                }
                previous = record.clockMillis();
                if (AdmissionRecord.ADMITTED.equals(record.outcome())) {
                    for (long take = 0; take < record.count(); take++) {
                        replay(bucket, located, offenses);
                    }
                }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("keys", byKey.size());
        details.put("resetAfterOutage", resets);
        details.put("decisions", judged);
        details.put("admitted", outcomes.getOrDefault(AdmissionRecord.ADMITTED, 0L));
        details.put("refused", outcomes.getOrDefault(AdmissionRecord.REFUSED, 0L));
        details.put("fallbackOpen", outcomes.getOrDefault(AdmissionRecord.FALLBACK_OPEN, 0L));
        details.put("fallbackLocal", outcomes.getOrDefault(AdmissionRecord.FALLBACK_LOCAL, 0L));
        details.put("otherOutcomes", judged - outcomes.getOrDefault(AdmissionRecord.ADMITTED, 0L)
                - outcomes.getOrDefault(AdmissionRecord.REFUSED, 0L)
                - outcomes.getOrDefault(AdmissionRecord.FALLBACK_OPEN, 0L)
                - outcomes.getOrDefault(AdmissionRecord.FALLBACK_LOCAL, 0L));
        return CheckResult.judged(name(), promise, judged, offenses, details);
    }

    private static NavigableSet<Long> fallbackClocks(Evidence evidence) {
        NavigableSet<Long> clocks = new TreeSet<>();
        for (Located<AdmissionRecord> record : evidence.admissions()) {
            String outcome = record.value().outcome();
            if (AdmissionRecord.FALLBACK_OPEN.equals(outcome) || AdmissionRecord.FALLBACK_LOCAL.equals(outcome)) {
                clocks.add(record.value().clockMillis());
            }
        }
        return clocks;
    }

    /** Whether some fallback decided after {@code from} and no later than {@code to}. */
    private static boolean outageBetween(NavigableSet<Long> fallbackClocks, long from, long to) {
        Long first = fallbackClocks.higher(from);
        return first != null && first <= to;
    }

    private void replay(ReplayedBucket bucket, Located<AdmissionRecord> located, Offenses offenses) {
        AdmissionRecord record = located.value();
        long held;
        try {
            held = bucket.admit(record);
        } catch (IllegalArgumentException e) {
            offenses.add(Offense.at(located.ref(), record.key(),
                    AuditMessages.invalidPolicy(limit, record.key(), e.getMessage())));
            return;
        }
        if (held >= 0) {
            offenses.add(Offense.at(located.ref(), record.key(), AuditMessages.overAdmitted(limit, record.key(),
                    record.cost(), held, record.capacity(), record.refillTokens(), record.refillPeriodMillis())));
        }
    }
}
