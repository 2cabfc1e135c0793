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
 * The on-sale night faults at CI size: the pipeline as seven processes on loopback, each scenario of the issue in
 * turn under a steady load of holds and checkouts (Redis killed, the broker stopped, a worker and an ingress
 * SIGKILLed, Redis 200 ms away, bad input at volume). Every loss figure of every scenario is zero and the audit's
 * loss checks pass. The scenarios' other expectations (latencies, counters) are printed, and asserted where they
 * do not hang on how busy the machine is.
 */
class OnSaleNightFaultsIT {

    @Test
    void nothingAcceptedIsLostWhileEachPartFailsUnderLoad() throws Exception {
        Path runDir = Files.createTempDirectory("chaos-it");
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(new TeeStream(buffer, System.out), true, StandardCharsets.UTF_8);

        List<LossFigures> figures = ChaosRun.play("all", ChaosSettings.ci(runDir), PartMain.class.getName(), out);
        String report = buffer.toString(StandardCharsets.UTF_8);

        assertThat(figures).as(report).hasSize(FaultScenario.all().size());
        for (LossFigures scenario : figures) {
            assertThat(scenario.accepted()).as(scenario.scenario() + "\n" + report).isPositive();
            assertThat(scenario.resultsMissing()).as(scenario.scenario() + " results missing\n" + report).isZero();
            assertThat(scenario.duplicates()).as(scenario.scenario() + " duplicates\n" + report).isZero();
            assertThat(scenario.doubleCharges()).as(scenario.scenario() + " double charges\n" + report).isZero();
            assertThat(scenario.doubleSales()).as(scenario.scenario() + " double sales\n" + report).isZero();
            assertThat(scenario.unrecorded()).as(scenario.scenario() + " unrecorded 202s\n" + report).isZero();
            assertThat(scenario.badAnswers()).as(scenario.scenario() + " bad answers\n" + report).isZero();
            assertThat(scenario.auditFailed()).as(scenario.scenario() + " audit\n" + report)
                    .doesNotContainAnyElementsOf(ScenarioAudit.LOSS_CHECKS);
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("every part stopped").isEmpty();
    }
}
