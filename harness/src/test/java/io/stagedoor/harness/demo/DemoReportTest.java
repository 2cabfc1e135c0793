package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.CheckStatus;
import io.stagedoor.audit.evidence.ReadStats;
import io.stagedoor.audit.report.Timeline;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What the end of a demo prints and decides, from figures given as the on-sale would have counted them. */
class DemoReportTest {

    private static final Instant FROM = Instant.parse("2026-12-03T10:00:00Z");
    private static final Instant TO = FROM.plusMillis(62_500);
    private static final String OFFICE = "198.51.100.23";
    private static final ServiceFigures NOTHING_COUNTED = new ServiceFigures(Map.of(), Map.of(), Map.of(), Map.of());

    private final CrowdTally tally = new CrowdTally();
    private final OfficeTally office = new OfficeTally(tally);
    private DemoSettings settings = DemoSettings.defaults();
    private ScriptShare script;
    private Instant outageAt;
    private Instant outageUntil;
    private ServiceFigures service = NOTHING_COUNTED;
    private SaleHealth health = health(0);
    private AuditReport audit = audit();

    @Test
    void theAuditAloneDecidesWhetherTheDemoPassedAndItsVerdictClosesTheReport() {
        health = health(30);

        assertThat(report().passed()).isTrue();
        assertThat(lastLine()).isEqualTo("PASSED: every check held");

        audit = audit(new CheckResult("one-result-per-request", "every request gets one result", CheckStatus.FAILED,
                2, List.of(), Map.of()));

        assertThat(report().passed()).isFalse();
        assertThat(lastLine()).isEqualTo("FAILED: one-result-per-request");
    }

    @Test
    void everyAcceptedRequestIsAnsweredOnlyWhileNoneIsLeftWithoutAResult() {
        tally.holdsAccepted.set(10);
        assertThat(report().everyAcceptedAnswered()).isTrue();

        tally.withoutResult.set(1);
        assertThat(report().everyAcceptedAnswered()).isFalse();
        assertThat(lines()).contains("  admitted       10 requests accepted (10 holds, 0 checkouts), 1 without a result");
    }

    @Test
    void withoutAScriptTheBucketHeldAndNoScriptLineIsPrinted() {
        assertThat(report().scriptWithinBucket()).isTrue();
        assertThat(lines().get(0))
                .isEqualTo("stagedoor demo: 2,000 buyers (200 in one office), 4 scanner phones; traffic 62.5 s");
        assertThat(lines()).noneMatch(line -> line.startsWith("  script"));
    }

    @Test
    void aScriptGivenMoreSeatsWhileRedisDecidedThanItsBucketAllowsBrokeTheBucket() {
        script = script(35, 34);
        assertThat(report().scriptWithinBucket()).isFalse();

        script = script(34, 34);
        assertThat(report().scriptWithinBucket()).isTrue();
    }

    @Test
    void theScriptLinesGiveItsShareOfTheHouseAgainstAFairShare() {
        script = new ScriptShare(12, 40, 30, 10, 34, 6, 1_000, 2_001, Map.of("buyer-seat-limit", 5L));

        assertThat(lines().get(0)).contains(", one script,");
        assertThat(lines()).containsSequence(
                "  script         12 holds of 40 seats accepted: 30 seats while Redis decided (its bucket allows 34),"
                        + " 10 while Redis was down (failed open)",
                "                 6 seats held = 0.6% of the house; a fair share is 0.50 seats (0.05%)",
                "                 5 holds rejected (buyer-seat-limit 5); the event's cap is 8 seats held or bought"
                        + " per buyer");
    }

    @Test
    void retryAfterIsHonouredOnlyWhenNoCallCameBackEarly() {
        tally.rateLimited.set(7);
        tally.retryAfterWaits.set(5);
        assertThat(lines()).contains("  429 refused    7 answers; Retry-After honoured: yes (5 waits, 0 calls came back"
                + " early)");

        tally.retryAfterBroken.set(2);
        assertThat(lines()).contains("  429 refused    7 answers; Retry-After honoured: NO (5 waits, 2 calls came back"
                + " early)");
    }

    @Test
    void theOfficesRateLimitedHoldsAreComparedPerHoldWithEveryoneElses() {
        // The crowd's tally counts the office's holds too: everyone else is the difference.
        tally.holdCalls.set(1_000);
        tally.holdCallsRateLimited.set(300);
        office.holdCalls.set(200);
        office.holdsRateLimited.set(100);
        office.holdsAccepted.set(150);

        assertThat(lines()).contains("  office         200 buyers behind " + OFFICE + ": 150 holds accepted, 0.50 429s"
                + " per hold vs 0.25 for everyone else (no hold limit is keyed on the address; each buyer has its own"
                + " bucket)");
    }

    @Test
    void nobodysHoldsGiveZeroRateLimitsPerHoldRatherThanNaN() {
        assertThat(lines()).anyMatch(line -> line.startsWith("  office ")
                && line.contains("0 holds accepted, 0.00 429s per hold vs 0.00 for everyone else"));
    }

    @Test
    void theOutageLineSaysWhenRedisWentDownForHowLongAndWhatTheFallbacksDecided() {
        outageAt = FROM.plusMillis(15_200);
        outageUntil = FROM.plusMillis(25_200);
        service = new ServiceFigures(new TreeMap<>(Map.of("buyer-seats admitted", 120L, "buyer-seats refused", 3L)),
                Map.of(), Map.of(), Map.of());

        assertThat(lines()).contains("  redis outage   down at +15.2 s for 10.0 s; fallbacks decided 123"
                + " (buyer-seats admitted 120, buyer-seats refused 3)");
    }

    @Test
    void anOutageRedisNeverCameBackFromLastsToTheEndOfTheTraffic() {
        outageAt = FROM.plusMillis(15_200);

        assertThat(lines()).contains("  redis outage   down at +15.2 s for 47.3 s; fallbacks decided 0 (none)");
    }

    @Test
    void noOutageLineWhenRedisWasNeverStopped() {
        assertThat(lines()).noneMatch(line -> line.startsWith("  redis outage"));
    }

    @Test
    void theHealthHeadlineSaysWhetherEveryFigureWasHealthyAndListsTheFigures() {
        assertThat(lines()).containsSequence(withHeadline("a healthy on-sale", health));

        health = health(30);
        assertThat(lines()).containsSequence(withHeadline("NOT a healthy on-sale", health));
    }

    @Test
    void theRoomsAnswersFromItsOwnQueueAreShownOnlyWhenThereWereAny() {
        assertThat(lines()).noneMatch(line -> line.contains("answers from the instance's own queue"));

        service = new ServiceFigures(Map.of(), new TreeMap<>(Map.of("join", 4L, "look", 300L)), Map.of(), Map.of());

        assertThat(lines()).contains("                 304 answers from the instance's own queue over the run (join 4,"
                + " look 300): Redis down, or slower than the room's timeout");
    }

    @Test
    void theWaitingRoomLinesSayHowTheEntryRateMovesAndWhetherActiveBuyersAreCapped() {
        settings = settings(true, 15);
        tally.arrived.set(2_000);
        tally.passes.set(1_990);
        tally.neverAdmitted.set(10);
        tally.left.set(40);

        assertThat(lines()).containsSequence(
                "  waiting room   2,000 joined, 1,990 passes from a closed-loop rate starting at 20 buyers/s, 10"
                        + " never admitted",
                "                 at most 15 buyers shopping at once; 40 left without buying, giving their slot to"
                        + " the next in line");

        settings = settings(false, 0);

        assertThat(lines()).contains("  waiting room   2,000 joined, 1,990 passes at 20 buyers/s, 10 never admitted");
        assertThat(lines()).noneMatch(line -> line.contains("buyers shopping at once"));
    }

    @Test
    void countsAreListedInNameOrderOrSayNothingWasCounted() {
        tally.held.set(3);
        tally.seatsHeld.set(9);
        tally.holdsRejected.add("seat-unavailable");
        tally.holdsRejected.add("seat-unavailable");
        tally.holdsRejected.add("buyer-seat-limit");

        assertThat(lines()).contains(
                "  holds          3 held (9 seats), 3 rejected (buyer-seat-limit 1, seat-unavailable 2)",
                "  503 shed       0 answers of 0 requests (none counted); 0 requests got no answer",
                "                 Redis calls failed, by user and why: none");
    }

    @Test
    void holdLatenciesAreInMillisecondsBelowTenSecondsAndInSecondsFromThere() {
        tally.holdLatency.record(FROM, Duration.ofMillis(80).toNanos());
        tally.holdLatency.record(FROM, Duration.ofMillis(12_500).toNanos());

        assertThat(lines()).contains("  POST->result   holds p50 80 ms p99 12.5 s (2); checkouts p50 0 ms p99 0 ms (0,"
                + " payment included)");
        assertThat(DemoReport.millis(Duration.ofMillis(9_999).toNanos())).isEqualTo("9999 ms");
        assertThat(DemoReport.millis(Duration.ofSeconds(10).toNanos())).isEqualTo("10.0 s");
        assertThat(DemoReport.millis(999_999)).isEqualTo("0 ms");
    }

    @Test
    void readsTheSameWhateverTheMachinesLocale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(lines().get(0))
                    .isEqualTo("stagedoor demo: 2,000 buyers (200 in one office), 4 scanner phones; traffic 62.5 s");
        } finally {
            Locale.setDefault(before);
        }
    }

    private DemoReport report() {
        return new DemoReport(settings, FROM, TO, 1_000, tally, office, OFFICE, script, outageAt, outageUntil, service,
                health, audit);
    }

    private List<String> lines() {
        return report().render().lines().toList();
    }

    private String lastLine() {
        List<String> lines = lines();
        return lines.get(lines.size() - 1);
    }

    private static String[] withHeadline(String verdict, SaleHealth health) {
        List<String> lines = new ArrayList<>();
        lines.add("health: " + verdict + " (the pipeline ran in its own JVM, apart from the crowd)");
        lines.addAll(health.lines());
        return lines.toArray(String[]::new);
    }

    /** The defaults, with or without the closed loop, an active cap of {@code maxActive} and no script. */
    private static DemoSettings settings(boolean entryLoop, int maxActive) {
        return DemoSettings.defaults().toBuilder().script(false).entryLoop(entryLoop).maxActive(maxActive).build();
    }

    private static ScriptShare script(long acceptedWhileDecided, long allowance) {
        return new ScriptShare(10, acceptedWhileDecided, acceptedWhileDecided, 0, allowance, 8, 1_000, 2_001,
                Map.of());
    }

    /** A sale whose only figure in question is the room's fallback answers while Redis was up (healthy to 20). */
    private static SaleHealth health(long roomFallbacksWhileUp) {
        return new SaleHealth(FROM, new FallbackTimeline.Split(roomFallbacksWhileUp, 0), false, 2_000,
                new FallbackTimeline.Split(0, 0), 1_000, 900, 1_500, Duration.ofSeconds(10),
                Duration.ofMillis(80).toNanos(), Duration.ofMillis(900).toNanos(), Duration.ofMillis(500).toNanos(),
                Duration.ZERO);
    }

    private static AuditReport audit(CheckResult... checks) {
        boolean passed = List.of(checks).stream().allMatch(CheckResult::passed);
        return new AuditReport("", FROM, TO, TO, TO, passed, List.of(checks), new ReadStats(Map.of(), 0, 1, 0),
                new Timeline(FROM, 1_000, List.of()));
    }
}
