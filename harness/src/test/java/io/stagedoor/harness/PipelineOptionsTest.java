package io.stagedoor.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.harness.Pipeline.Part;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class PipelineOptionsTest {

    private static final Path DATA = Path.of("/tmp/options");
    private static final int INGRESS_DEFAULT_ADMIN_PORT = IngressSettings.builder("unused").build().http().adminPort();

    @Test
    void theAdminListenerIsOnAFreePortWhenTheIngressIs() {
        assertThat(PipelineOptions.builder(DATA).port(0).build().adminPort()).isZero();
    }

    @Test
    void theAdminListenerIsOnTheIngressDefaultAdminPortWhenThePortIsGiven() {
        assertThat(PipelineOptions.builder(DATA).port(9000).build().adminPort()).isEqualTo(INGRESS_DEFAULT_ADMIN_PORT);
    }

    @Test
    void anAdminPortSetWinsOverTheOneThatFollowsThePort() {
        assertThat(PipelineOptions.builder(DATA).adminPort(7001).port(0).build().adminPort()).isEqualTo(7001);
    }

    // What the nine-argument constructor gave: every part, the demo event, the configured ingress settings, the
    // default seats per buyer and an admin port that follows the port.
    @Test
    void unsetComponentsAreWhatThePositionalConstructorsGave() {
        TopicNames topics = new TopicNames("ns");

        PipelineOptions built = PipelineOptions.builder(DATA).port(0).kafka("kafka:9092").redis("redis://r:6379").kafkaPort(0)
                .redisPort(0).partitions(3).waitingRoom(true).topics(topics).build();

        assertThat(built).isEqualTo(new PipelineOptions(DATA, 0, "kafka:9092", "redis://r:6379", 0, 0, 3, true, topics,
                EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER, 0, Part.all(), null, UnaryOperator.identity()));
    }

    @Test
    void unsetPartsEventAndIngressSettingsStartTheWholeDemoAsConfigured() {
        PipelineOptions built = PipelineOptions.builder(DATA).build();
        IngressSettings.Builder configured = IngressSettings.builder("k:9092");

        assertThat(built.parts()).isEqualTo(EnumSet.allOf(Part.class));
        assertThat(built.event()).isNull();
        assertThat(built.ingressSettings().apply(configured)).isSameAs(configured);
    }

    @Test
    void theDefaultsAreThoseOfUp() {
        assertThat(PipelineOptions.defaults()).isEqualTo(new PipelineOptions(Path.of("data"), 8080, null, null, 9092, 6379,
                TopicSettings.DEFAULT_PARTITIONS, false, TopicNames.defaults(),
                EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER, INGRESS_DEFAULT_ADMIN_PORT, Part.all(), null,
                UnaryOperator.identity()));
    }

    @Test
    void toBuilderChangesOneComponentAndKeepsTheRest() {
        UnaryOperator<IngressSettings.Builder> overrides = settings -> settings.maxCheckouts(8);
        PipelineOptions options = PipelineOptions.builder(DATA).port(0).kafka("kafka:9092").redis("redis://r:6379").kafkaPort(1)
                .redisPort(2).partitions(3).waitingRoom(true).topics(new TopicNames("ns")).maxSeatsPerBuyer(4)
                .adminPort(5).parts(Set.of(Part.INGRESS)).ingressSettings(overrides).build();

        PipelineOptions moved = options.toBuilder().adminPort(7001).build();

        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(moved).isEqualTo(new PipelineOptions(DATA, 0, "kafka:9092", "redis://r:6379", 1, 2, 3, true,
                new TopicNames("ns"), 4, 7001, Set.of(Part.INGRESS), null, overrides));
    }

    // toBuilder() carries the admin port as it is: a port changed afterwards does not move it.
    @Test
    void aPortChangedThroughToBuilderLeavesTheAdminPortWhereItWas() {
        PipelineOptions moved = PipelineOptions.defaults().toBuilder().port(0).build();

        assertThat(moved.port()).isZero();
        assertThat(moved.adminPort()).isEqualTo(INGRESS_DEFAULT_ADMIN_PORT);
    }

    @Test
    void thePartsAreCopiedWhenBuilt() {
        Set<Part> parts = EnumSet.of(Part.TOPICS);
        PipelineOptions options = PipelineOptions.builder(DATA).parts(parts).build();

        parts.add(Part.INGRESS);

        assertThat(options.parts()).containsExactly(Part.TOPICS);
    }
}
