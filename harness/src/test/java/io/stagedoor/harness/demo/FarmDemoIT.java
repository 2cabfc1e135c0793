package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Fans before bots as {@code stagedoor demo --farm} plays it, at CI size, the pipeline in a JVM of its own: 20 fans
 * and a farm of 60 accounts behind one /64 register, win codes by lottery, solve their puzzles and queue. Past the
 * twentieth of the farm's joins in a minute the farm is parked (its joins may straddle two minutes of the clock, so
 * up to 40 get in); no fan is; the audit of the window passes, the lottery, the codes, the parked and the lanes
 * among its checks.
 */
class FarmDemoIT {

    private static final FarmSettings CI = FarmSettings.of(60).withFans(20).withPuzzleBits(8)
            .withPatience(Duration.ofSeconds(8));

    @Test
    void aFarmOfSixtyAccountsIsParkedPastItsTwentiethAccountAMinuteAndNoFanIs() throws Exception {
        TopicNames topics = new TopicNames(TestNames.unique("farm"));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FarmReport report = FarmRun.sale(CI, PipelineOptions.builder(Files.createTempDirectory("farm-it")).port(0)
                        .kafka(RealServers.kafkaBootstrap()).kafkaPort(0).redisPort(0).partitions(3).topics(topics)
                        .build(), false, new PrintStream(printed, true, StandardCharsets.UTF_8));
        String text = printed.toString(StandardCharsets.UTF_8) + report.render();

        assertThat(report.fans().registered.get()).as(text).isEqualTo(20);
        assertThat(report.farm().registered.get()).as(text).isEqualTo(60);
        assertThat(report.fans().codes.get() + report.farm().codes.get()).as(text).isEqualTo(72);
        assertThat(report.fansParked()).as(text).isZero();
        // every account of the farm with a code is admitted or parked; at most 20 a minute, over at most two minutes
        assertThat(report.farmParked() + report.farm().admitted.get()).as(text).isEqualTo(report.farm().codes.get());
        assertThat(report.farm().admitted.get()).as(text).isBetween(20L, 40L);
        assertThat(report.fans().admitted.get()).as(text).isEqualTo(report.fans().codes.get());
        assertThat(report.farm().seatsHeld.get()).as(text)
                .isLessThanOrEqualTo(report.farm().admitted.get() * FarmEvent.MAX_SEATS_PER_BUYER);
        assertThat(report.farm().hashes.get()).as(text).isPositive();
        for (String check : FarmReport.CHECKS) {
            assertThat(report.audit().check(check).passed()).as(check + "\n" + text).isTrue();
        }
        assertThat(report.passed()).as(text).isTrue();
        assertThat(text).contains("parked", "fair share", "fan-club");
    }
}
