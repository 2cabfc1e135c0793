package io.stagedoor.harness.chaos;

import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.check.Check;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.Offense;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.EvidenceReader;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.audit.evidence.Request;
import io.stagedoor.topics.replay.ReplayProgress;
import io.stagedoor.topics.replay.ReplaySettings;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The audit of one scenario's window: the checks of {@code stagedoor audit} over the topics, the loss they found
 * sorted into the figures (results missing, duplicate results, seats sold twice), and one more comparison only the
 * harness can make: every correlation id the load was answered 202 for must be on the holds or checkouts topic.
 *
 * @param missing      requests on the topics without a result
 * @param duplicates   correlation ids with more than one result
 * @param doubleSales  seat changes that sold or held a seat already taken
 * @param unrecorded   202s whose request is not on the topics
 * @param checks       every check's result
 */
record ScenarioAudit(long missing, long duplicates, long doubleSales, long unrecorded, List<CheckResult> checks) {

    /** Checks whose failure is a loss: the test requires them to pass. */
    static final Set<String> LOSS_CHECKS = Set.of("one-result-per-request", "seats-never-doubled",
            "payments-match-sales");
    private static final int KEEP_ALL = 1_000_000;

    /**
     * Audits {@code from}..{@code to}. Called after every result the load waited for arrived: the edge reaches to
     * now, so no request of the window is left "settling" and every one is judged.
     */
    static ScenarioAudit of(ChaosCluster cluster, Instant from, Instant to, Set<String> acceptedIds) {
        Instant now = Instant.now();
        Duration edge = Duration.between(to, now).plusSeconds(1);
        Waits.pause(Duration.ofSeconds(1)); // the edge ends a second from now: let it pass, then read up to it
        AuditWindow window = AuditWindow.of(from, to, edge, Duration.ofMinutes(15), Instant.now());
        Evidence evidence = new EvidenceReader(ReplaySettings.defaults(cluster.kafka()), cluster.topics(),
                ReplayProgress.NONE).read(window);
        List<CheckResult> checks = Check.all(evidence).stream().map(check -> check.run(evidence, window, KEEP_ALL)).toList();
        long missing = 0;
        long duplicates = 0;
        long doubleSales = 0;
        for (CheckResult check : checks) {
            for (Offense offense : check.offenses()) {
                if (check.name().equals("one-result-per-request")) {
                    // the wording of AuditMessages.missingResult and .duplicateResults
                    if (offense.what().endsWith(" has no result")) {
                        missing++;
                    } else if (offense.what().startsWith(offense.subject() + " has ")) {
                        duplicates++;
                    }
                } else if (check.name().equals("seats-never-doubled")) {
                    doubleSales++;
                }
            }
        }
        Set<String> published = new HashSet<>();
        for (Located<Request> request : evidence.requests()) {
            published.add(request.value().correlationId());
        }
        long unrecorded = acceptedIds.stream().filter(id -> !published.contains(id)).count();
        return new ScenarioAudit(missing, duplicates, doubleSales, unrecorded, checks);
    }

    /** Names of the checks that failed. */
    List<String> failed() {
        return checks.stream().filter(check -> !check.passed()).map(CheckResult::name).toList();
    }

    /** Whether every check whose failure is a loss passed. */
    boolean lossChecksPassed() {
        return checks.stream().filter(check -> LOSS_CHECKS.contains(check.name())).allMatch(CheckResult::passed);
    }
}
