package io.stagedoor.harness.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.cli.PartMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Three brokers, replication factor 3 and min ISR 2: the pipeline (two ingress instances, two workers) under a
 * steady load of holds and checkouts while the broker leading the event's holds partition (and a share of the
 * results partitions) is killed and started again. Nothing accepted is lost (every 202 has exactly one result),
 * nobody is charged twice, no seat is sold twice, and the only 503s are those of the re-election; their count and
 * longest window are printed.
 */
class ThreeBrokersIT {

    @Test
    void killingTheLeaderOfHoldsAndResultsLosesNothingAndShedsOnlyForTheReElection() throws Exception {
        Path runDir = Files.createTempDirectory("three-brokers-it");
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(new TeeStream(buffer, System.out), true, StandardCharsets.UTF_8);

        List<LossFigures> figures = ChaosRun.play("leader", ChaosSettings.ci(runDir), PartMain.class.getName(), out);
        String report = buffer.toString(StandardCharsets.UTF_8);

        assertThat(figures).as(report).hasSize(1);
        LossFigures leader = figures.getFirst();
        assertThat(leader.accepted()).as(report).isPositive();
        assertThat(leader.resultsMissing()).as("results missing\n" + report).isZero();
        assertThat(leader.duplicates()).as("duplicate results\n" + report).isZero();
        assertThat(leader.doubleCharges()).as("double charges\n" + report).isZero();
        assertThat(leader.doubleSales()).as("double sales\n" + report).isZero();
        assertThat(leader.unrecorded()).as("unrecorded 202s\n" + report).isZero();
        assertThat(leader.auditFailed()).as("audit\n" + report).doesNotContainAnyElementsOf(ScenarioAudit.LOSS_CHECKS);
        assertThat(leader.expectations()).as(report)
                .filteredOn(e -> e.promise().equals(LeaderKill.REELECTION_PROMISE))
                .singleElement().satisfies(e -> assertThat(e.held()).as(e.seen()).isTrue());
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("every part stopped").isEmpty();
    }
}
