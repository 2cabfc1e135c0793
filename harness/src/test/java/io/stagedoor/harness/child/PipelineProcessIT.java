package io.stagedoor.harness.child;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.harness.scrape.MetricsPage;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The pipeline in a child JVM: it says where it listens, serves its {@code /metrics}, and stops by itself (exit 0,
 * not a SIGTERM's 143) once its input closes; a child that cannot start says why in the parent's exception.
 */
class PipelineProcessIT {

    @Test
    void aChildPipelineServesItsMetricsAndExitsByItselfWhenItsInputCloses() throws Exception {
        PipelineOptions options = PipelineOptions.builder(Files.createTempDirectory("pipeline-it")).port(0)
                .kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(1).topics(new TopicNames(TestNames.unique("child"))).build();
        PipelineProcess child = PipelineProcess.start(options, null);
        long stopStarted;
        try {
            // A fresh instance has shed nothing: the page is read and the counter found absent, not an error.
            assertThat(new MetricsPage("127.0.0.1", child.adminPort()).read().counterSum(IngressMetrics.SHED))
                    .isZero();
            assertThat(child.kafkaBootstrap()).isEqualTo(RealServers.kafkaBootstrap());
        } finally {
            stopStarted = System.nanoTime();
            child.close();
        }

        assertThat(child.exitCode()).hasValue(0);
        assertThat(Duration.ofNanos(System.nanoTime() - stopStarted)).isLessThan(PipelineProcess.STOP_GRACE);
        assertThat(child.handle().isAlive()).isFalse();
    }

    @Test
    void aChildThatCannotStartFailsTheStartWithItsLastLines() throws Exception {
        // A data directory that is a file: the embedded broker cannot make its log directory under it.
        Path notADirectory = Files.createTempFile("pipeline-it", ".file");
        PipelineOptions options = PipelineOptions.builder(notADirectory).port(0).redis("redis://127.0.0.1:1")
                .kafkaPort(0).redisPort(0).partitions(1).topics(new TopicNames("pipeline-it")).build();

        assertThatThrownBy(() -> PipelineProcess.start(options, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the pipeline's process exited with 1 before it was ready")
                .hasMessageContaining("last")
                .hasMessageContaining("Exception");
    }
}
