package io.stagedoor.audit.report;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.evidence.ReadStats;
import java.time.Instant;
import java.util.List;

/**
 * The outcome of an audit: every check's result, how much was read and how fast, and the per-second timeline the
 * HTML report plots. Serializes to the JSON report as it is.
 *
 * @param namespace   the topic namespace audited ("" for the production names)
 * @param from        the first instant judged
 * @param to          the last instant judged
 * @param readTo      how far results, payments and seat changes were read
 * @param generatedAt when the audit ran
 * @param passed      whether no check failed
 * @param checks      every check, in report order
 * @param reading     records read and the replay speed
 * @param timeline    admitted, refused and shed per interval, and result latency percentiles
 */
public record AuditReport(String namespace, Instant from, Instant to, Instant readTo, Instant generatedAt,
                          boolean passed, List<CheckResult> checks, ReadStats reading, Timeline timeline) {

    public AuditReport {
        checks = List.copyOf(checks);
    }

    /** The checks that failed, in report order. */
    public List<CheckResult> failures() {
        return checks.stream().filter(check -> !check.passed()).toList();
    }

    /** The result of the check named {@code name}. */
    public CheckResult check(String name) {
        return checks.stream().filter(check -> check.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(AuditMessages.unknownCheck(name)));
    }
}
