package io.stagedoor.harness.child;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineArgsTest {

    @Test
    void theOptionsAChildIsGivenAreTheOptionsItStarts() {
        Pipeline.Options options = new Pipeline.Options(Path.of("/tmp/demo"), 8080, "kafka:9092",
                "redis://127.0.0.1:6379", 9092, 6379, 6, true, new TopicNames("ns"), 4, 8081);

        PipelineArgs read = PipelineArgs.parse(new PipelineArgs(options, true).toArgs());

        assertThat(read).isEqualTo(new PipelineArgs(options, true));
    }

    @Test
    void aChildWithoutServersNamedStartsItsOwnKafkaAndIsQuiet() {
        Pipeline.Options options = new Pipeline.Options(Path.of("data"), 0, null, null, 0, 0, 12, false,
                TopicNames.defaults(), 10, 0);

        PipelineArgs read = PipelineArgs.parse(new PipelineArgs(options, false).toArgs());

        assertThat(read.options()).isEqualTo(options);
        assertThat(read.verbose()).isFalse();
    }

    @Test
    void refusesAnArgumentItDoesNotKnow() {
        assertThatThrownBy(() -> PipelineArgs.parse(List.of("--colour", "blue")))
                .hasMessage(io.stagedoor.harness.HarnessMessages.unknownPipelineArgument("--colour"));
    }

    @Test
    void theReadyLineSaysWhereThePipelineListensAndOtherOutputIsNotIt() {
        PipelineReady ready = new PipelineReady(8080, 8081, "127.0.0.1:9092");

        assertThat(PipelineReady.parse(ready.line())).contains(ready);
        assertThat(PipelineReady.parse("12:00:01 INFO Kafka ready on 9092")).isEmpty();
    }
}
