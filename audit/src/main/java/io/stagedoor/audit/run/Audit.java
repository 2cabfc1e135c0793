package io.stagedoor.audit.run;

import io.stagedoor.audit.AuditOptions;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.check.Check;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.EvidenceReader;
import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.report.Timeline;
import io.stagedoor.topics.replay.ReplaySettings;
import java.time.Instant;
import java.util.List;

/**
 * Replays the topics of a window and judges them: the audit behind {@code stagedoor audit}, callable in-process
 * (the demo and tests do). Reads with its own unassigned consumers: it joins no group and commits nothing.
 */
public final class Audit {

    private Audit() {
    }

    /**
     * Reads the window's topics and runs every check.
     *
     * @throws RuntimeException when the topics cannot be read (Kafka unreachable, a read that stalls)
     */
    public static AuditReport run(AuditOptions options) {
        Instant now = options.clock().instant();
        AuditWindow window = AuditWindow.of(options.from(), options.to(), options.edge(), options.seatLeadIn(), now);
        Evidence evidence = new EvidenceReader(ReplaySettings.defaults(options.kafka()), options.topics(),
                options.progress()).read(window);
        List<CheckResult> results = Check.all(evidence).stream()
                .map(check -> check.run(evidence, window, options.maxOffenses()))
                .toList();
        boolean passed = results.stream().allMatch(CheckResult::passed);
        return new AuditReport(options.topics().namespace(), window.from(), window.to(), window.readTo(), now,
                passed, results, evidence.reading(), Timeline.of(evidence, window));
    }
}
