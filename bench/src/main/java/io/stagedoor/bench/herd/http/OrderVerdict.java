package io.stagedoor.bench.herd.http;

import io.stagedoor.audit.AuditOptions;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.Offense;
import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.run.Audit;
import io.stagedoor.topics.TopicNames;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;

/**
 * The product's audit ({@link Audit}, what {@code stagedoor audit} runs) over the run's window on its Kafka, and what
 * its {@value #CHECK} check says. The ingresses publish their room steps asynchronously, so the audit is read again
 * (up to {@link #PATIENCE}) until it has seen every admission the crowd was answered.
 */
final class OrderVerdict {

    static final String CHECK = "waiting-room-order";
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private OrderVerdict() {
    }

    /** Audits {@code [from, to]} and prints the order check's status, details and first offenses. */
    static boolean print(String kafka, Instant from, Instant to, long admissions, PrintStream out)
            throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        long started = System.nanoTime();
        AuditReport report = Audit.run(AuditOptions.of(kafka, TopicNames.defaults(), from, to));
        int reads = 1;
        while (admissionsSeen(report) < admissions && System.nanoTime() < deadline) {
            Thread.sleep(1_000);
            report = Audit.run(AuditOptions.of(kafka, TopicNames.defaults(), from, to));
            reads++;
        }
        CheckResult order = report.check(CHECK);
        out.printf("audit (in-process, io.stagedoor.audit.run.Audit as `stagedoor audit --from %s --to %s --kafka %s` "
                        + "runs it; %d read(s) in %.1f s): %s %s: %s%n", from, to, kafka, reads,
                (System.nanoTime() - started) / 1e9, CHECK, order.status(), order.promise());
        out.println("    details: " + order.details() + (order.count() > 0 ? "; offenses: " + order.count() : ""));
        for (Offense offense : order.offenses().subList(0, Math.min(5, order.offenses().size()))) {
            out.println("    offense: " + offense);
        }
        String failed = report.failures().stream().map(CheckResult::name).toList().toString();
        out.println("    every check: " + (report.passed() ? "passed" : "failed " + failed));
        return order.passed();
    }

    private static long admissionsSeen(AuditReport report) {
        Object admissions = report.check(CHECK).details().get("admissions");
        return admissions instanceof Number number ? number.longValue() : 0;
    }
}
