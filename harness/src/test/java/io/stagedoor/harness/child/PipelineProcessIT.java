package io.stagedoor.harness.child;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A child pipeline that cannot start says why in the parent's exception, with its last lines. */
class PipelineProcessIT {

    @Test
    void aChildThatCannotStartFailsTheStartWithItsLastLines() throws Exception {
        // A data directory that is a file: the embedded broker cannot make its log directory under it.
        Path notADirectory = Files.createTempFile("pipeline-it", ".file");
        Pipeline.Options options = new Pipeline.Options(notADirectory, 0, null, "redis://127.0.0.1:1", 0, 0, 1, false,
                new TopicNames("pipeline-it"));

        assertThatThrownBy(() -> PipelineProcess.start(options, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the pipeline's process exited with 1 before it was ready")
                .hasMessageContaining("last")
                .hasMessageContaining("Exception");
    }
}
