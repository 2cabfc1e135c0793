package io.stagedoor.audit.report;

import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.Offense;
import io.stagedoor.audit.evidence.ReadStats;
import java.util.Locale;

/** The terminal summary: one line per check (name, status, count, first offending record), then the verdict. */
public final class SummaryTable {

    /** Offending records shown under a failed check; the JSON and HTML reports hold more. */
    static final int SHOWN = 3;

    private SummaryTable() {
    }

    public static String render(AuditReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "audit of %s .. %s%s%n", report.from(), report.to(),
                report.namespace().isEmpty() ? "" : " (namespace " + report.namespace() + ")"));
        out.append(String.format(Locale.ROOT, "%-32s %-8s %8s  %s%n", "CHECK", "STATUS", "COUNT",
                "FIRST OFFENDING RECORDS"));
        for (CheckResult check : report.checks()) {
            String first = check.offenses().isEmpty() ? "" : describe(check.offenses().get(0));
            out.append(String.format(Locale.ROOT, "%-32s %-8s %8d  %s%n", check.name(), check.status(),
                    check.count(), first));
            for (int i = 1; i < Math.min(SHOWN, check.offenses().size()); i++) {
                out.append(String.format(Locale.ROOT, "%-32s %-8s %8s  %s%n", "", "", "",
                        describe(check.offenses().get(i))));
            }
        }
        out.append(speed(report.reading())).append(System.lineSeparator());
        out.append(report.passed() ? "PASSED: every check held" : "FAILED: " + String.join(", ",
                report.failures().stream().map(CheckResult::name).toList())).append(System.lineSeparator());
        return out.toString();
    }

    /** The replay's figure: records, topics, wall time and records per second. */
    public static String speed(ReadStats reading) {
        return String.format(Locale.ROOT, "replayed %,d records from %d topics in %.2f s: %,d records/s",
                reading.records(), reading.recordsByTopic().size(), reading.elapsedMillis() / 1000.0,
                reading.recordsPerSecond());
    }

    private static String describe(Offense offense) {
        return offense.record() + " " + offense.what();
    }
}
