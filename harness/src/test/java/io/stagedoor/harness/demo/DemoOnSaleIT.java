package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A tiny on-sale as {@code stagedoor demo} plays it, the pipeline in a JVM of its own on the fixtures' Kafka, with
 * an embedded Redis the demo starts so that it can stop it: 60 buyers (10 in the office), the script, a 2 s Redis
 * outage, two phones. The report's invariants hold, the script holds no more than the event's seat cap, the audit
 * of the run passes, the report carries the health lines, and no process of the run outlives it.
 */
class DemoOnSaleIT {

    private static final DemoSettings TINY = DemoSettings.builder().buyers(60).office(10).concurrency(60)
            .entryRate(30).opensIn(Duration.ofSeconds(1)).declineShare(0.1).outageAfter(Duration.ofSeconds(1))
            .outageFor(Duration.ofSeconds(2)).phones(2).scans(20).rescanShare(0.2).resultWait(Duration.ofSeconds(20))
            .seed(7).e2eP99(Duration.ofMillis(300)).build();

    @Test
    void aTinyOnSaleInItsOwnPipelineProcessPassesTheAuditReportsItsHealthAndLeavesNoProcessBehind() throws Exception {
        TopicNames topics = new TopicNames(TestNames.unique("demo"));
        Set<Long> before = descendants();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        DemoReport report = DemoRun.sale(TINY, PipelineOptions.builder(Files.createTempDirectory("demo-it")).port(0)
                        .kafka(RealServers.kafkaBootstrap()).kafkaPort(0).redisPort(0).partitions(3)
                        .waitingRoom(true).topics(topics).build(), true, false,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        String text = printed.toString(StandardCharsets.UTF_8) + report.render();

        assertThat(report.tally().passes.get()).as(text).isEqualTo(TINY.buyers());
        assertThat(report.tally().holdsAccepted.get()).as(text).isGreaterThanOrEqualTo(TINY.buyers());
        assertThat(report.everyAcceptedAnswered()).as(text).isTrue();
        assertThat(report.tally().retryAfterBroken.get()).as(text).isZero();
        assertThat(report.script().holdsAccepted()).as(text).isPositive();
        assertThat(report.scriptWithinBucket()).as(text).isTrue();
        // The script wants the house; the inventory lets one buyer hold and buy the event's cap, no more.
        assertThat(report.script().seatsHeld()).as(text).isLessThanOrEqualTo(TINY.maxSeatsPerBuyer());
        assertThat(report.office().holdsRateLimited.get()).as(text).isZero();
        assertThat(report.office().holdsAccepted.get()).as(text).isGreaterThanOrEqualTo(TINY.office());
        assertThat(report.outageAt()).as(text).isNotNull();
        assertThat(report.tally().seatsSold.get()).as(text).isPositive();
        assertThat(report.tally().scansAdmitted.get() + report.tally().scansRepeated.get()).as(text).isPositive();
        assertThat(report.audit().passed()).as(text).isTrue();
        assertThat(text).contains("PASSED: every check held", "script", "office", "redis outage",
                "rehearsal: 60 buyers", "at most 15 buyers shopping at once");

        // The health figures, read from the other process's /metrics: every room fallback is split by the window.
        assertThat(report.health().roomFallbacks().total()).as(text).isEqualTo(report.service().roomFallbackTotal());
        assertThat(report.health().checkoutRequests()).as(text)
                .isGreaterThanOrEqualTo(report.tally().checkoutsAccepted.get());
        assertThat(report.health().holdRate()).as(text).isPositive();
        assertThat(text).contains("own JVM", "room fallback", "while Redis was up", "in the outage window",
                "checkout shed", "shed at the checkout bound", "hold rate", "holds accepted/s while on sale",
                "compare: bench/run e2e --rates " + report.health().e2eRate(), "e2e's 300 ms");

        assertThat(descendants()).as("processes started by the run and still there").isSubsetOf(before);
    }

    private static Set<Long> descendants() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }
}
