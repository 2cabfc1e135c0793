package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A tiny on-sale through the whole pipeline on the fixtures' Kafka, with the pipeline's own embedded Redis so that
 * the demo can stop it: 60 buyers (10 in the office), the script, a 2 s Redis outage, two phones. The report's
 * invariants hold, the script holds no more than the event's seat cap, and the audit of the run passes.
 */
class DemoOnSaleIT {

    private static final DemoSettings TINY = new DemoSettings(60, 10, 60, 30, Duration.ofSeconds(1), 0.1, true,
            Duration.ofSeconds(1), Duration.ofSeconds(2), 2, 20, 0.2, Duration.ofSeconds(20), 7,
            EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);

    @Test
    void aTinyOnSaleAnswersEveryAcceptedRequestKeepsTheScriptInItsBucketAndPassesTheAudit() throws Exception {
        TopicNames topics = new TopicNames(TestNames.unique("demo"));
        DemoReport report;
        try (Pipeline pipeline = Pipeline.start(new Pipeline.Options(Files.createTempDirectory("demo-it"), 0,
                RealServers.kafkaBootstrap(), null, 0, 0, 3, true, topics))) {
            report = new OnSale(pipeline, topics, TINY).run();
        }
        String text = report.render();

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
        assertThat(text).contains("PASSED: every check held", "script", "office", "redis outage");
    }
}
