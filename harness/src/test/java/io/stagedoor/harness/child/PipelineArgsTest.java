package io.stagedoor.harness.child;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineArgsTest {

    @Test
    void theOptionsAChildIsGivenAreTheOptionsItStarts() {
        PipelineOptions options = PipelineOptions.builder(Path.of("/tmp/demo")).port(8080).kafka("kafka:9092")
                .redis("redis://127.0.0.1:6379").kafkaPort(9092).redisPort(6379).partitions(6).waitingRoom(true)
                .topics(new TopicNames("ns")).maxSeatsPerBuyer(4).adminPort(8081).build();

        PipelineArgs read = PipelineArgs.parse(new PipelineArgs(options, true).toArgs());

        assertThat(read).isEqualTo(new PipelineArgs(options, true));
    }

    @Test
    void aChildWithoutServersNamedStartsItsOwnKafkaAndIsQuiet() {
        PipelineOptions options = PipelineOptions.builder(Path.of("data")).port(0).kafkaPort(0).redisPort(0)
                .partitions(12).topics(TopicNames.defaults()).maxSeatsPerBuyer(10).adminPort(0).build();

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
