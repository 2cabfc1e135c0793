package io.stagedoor.audit.check;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one check found.
 *
 * @param name        the check's stable name ({@code one-result-per-request})
 * @param promise     the promise it checks, in a sentence
 * @param status      passed, failed, noted or skipped
 * @param count       offenses for a failed check; for a noted one, the records it notes
 * @param offenses    the first offenses, in the order found
 * @param details     figures worth reporting (records judged, tolerated at the edges, ...), in insertion order
 */
public record CheckResult(String name, String promise, CheckStatus status, long count, List<Offense> offenses,
                          Map<String, Object> details) {

    public CheckResult {
        offenses = List.copyOf(offenses);
        details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** Whether the audit may still pass. */
    public boolean passed() {
        return status != CheckStatus.FAILED;
    }

    static CheckResult judged(String name, String promise, long judged, Offenses offenses,
                              Map<String, Object> details) {
        CheckStatus status = offenses.count() > 0 ? CheckStatus.FAILED
                : judged == 0 ? CheckStatus.SKIPPED : CheckStatus.PASSED;
        return new CheckResult(name, promise, status, offenses.count(), offenses.first(), details);
    }
}
