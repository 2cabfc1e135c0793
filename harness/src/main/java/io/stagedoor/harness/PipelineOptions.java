package io.stagedoor.harness;

import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Where and how to run: the built, validated value of a {@link Builder}, whose methods state each default.
 * {@code waitingRoom} and {@code maxSeatsPerBuyer} shape the demo event; {@code parts}, {@code event} and
 * {@code ingressSettings} are for a benchmark or a test that starts part of the pipeline.
 *
 * @param dataDir          where the embedded broker, the workers' state and the ingress's account files live
 * @param port             the ingress's port (0 picks a free one)
 * @param kafka            the running Kafka's bootstrap servers; null: an embedded broker on {@code kafkaPort}
 * @param redis            the running Redis's URI; null: an embedded Redis on {@code redisPort}, unless the
 *                         configuration names a Redis Cluster
 * @param kafkaPort        the embedded broker's port (0 picks a free one)
 * @param redisPort        the embedded Redis's port (0 picks a free one)
 * @param partitions       partitions of each topic created
 * @param waitingRoom      whether the demo event has a waiting room
 * @param topics           the topics the parts use
 * @param maxSeatsPerBuyer seats one buyer may hold and buy of the demo event
 * @param adminPort        the ingress's admin listener (0 picks a free one)
 * @param parts            what starts besides the servers
 * @param event            written to the events topic instead of the demo event; null: the demo event
 * @param ingressSettings  applied to the configured ingress settings last
 */
public record PipelineOptions(Path dataDir, int port, String kafka, String redis, int kafkaPort, int redisPort,
                      int partitions, boolean waitingRoom, TopicNames topics, int maxSeatsPerBuyer, int adminPort,
                      Set<Pipeline.Part> parts, EventDefinition event, UnaryOperator<IngressSettings.Builder> ingressSettings) {

    public PipelineOptions {
        parts = Set.copyOf(parts);
        Objects.requireNonNull(ingressSettings, "ingressSettings");
    }

    /** PipelineOptions in {@code dataDir}, every other component at its default until set. */
    public static Builder builder(Path dataDir) {
        return new Builder(dataDir);
    }

    /** The defaults of {@code up}: the builder's, in {@code ./data}. */
    public static PipelineOptions defaults() {
        return builder(Path.of("data")).build();
    }

    /**
     * A builder holding every component of these options, the admin port included: a caller that changes the
     * {@code port} sets the {@code adminPort} too when it should follow.
     */
    public Builder toBuilder() {
        return builder(dataDir).port(port).kafka(kafka).redis(redis).kafkaPort(kafkaPort).redisPort(redisPort)
                .partitions(partitions).waitingRoom(waitingRoom).topics(topics).maxSeatsPerBuyer(maxSeatsPerBuyer)
                .adminPort(adminPort).parts(parts).event(event).ingressSettings(ingressSettings);
    }

    /** Collects {@link PipelineOptions}, one method per component; {@link #build()} validates. Not thread-safe. */
    public static final class Builder {

        private Path dataDir;
        private int port = 8080;
        private String kafka;
        private String redis;
        private int kafkaPort = 9092;
        private int redisPort = 6379;
        private int partitions = TopicSettings.DEFAULT_PARTITIONS;
        private boolean waitingRoom;
        private TopicNames topics = TopicNames.defaults();
        private int maxSeatsPerBuyer = EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER;
        private Integer adminPort; // null until set: follows the port, see build()
        private Set<Pipeline.Part> parts = Pipeline.Part.all();
        private EventDefinition event;
        private UnaryOperator<IngressSettings.Builder> ingressSettings = UnaryOperator.identity();

        private Builder(Path dataDir) {
            this.dataDir = dataDir;
        }

        /** Where the parts keep their data. */
        public Builder dataDir(Path dataDir) {
            this.dataDir = dataDir;
            return this;
        }

        /** The ingress's port (default 8080; 0 picks a free one). */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** A running Kafka's bootstrap servers (default null: an embedded broker). */
        public Builder kafka(String bootstrap) {
            this.kafka = bootstrap;
            return this;
        }

        /** A running Redis's URI (default null: an embedded one, unless the configuration names a cluster). */
        public Builder redis(String uri) {
            this.redis = uri;
            return this;
        }

        /** The embedded broker's port, when {@code kafka} is null (default 9092). */
        public Builder kafkaPort(int port) {
            this.kafkaPort = port;
            return this;
        }

        /** The embedded Redis's port, when {@code redis} is null (default 6379). */
        public Builder redisPort(int port) {
            this.redisPort = port;
            return this;
        }

        /** Partitions of each topic created (default {@value TopicSettings#DEFAULT_PARTITIONS}). */
        public Builder partitions(int partitions) {
            this.partitions = partitions;
            return this;
        }

        /** Whether the demo event has a waiting room (default no). */
        public Builder waitingRoom(boolean waitingRoom) {
            this.waitingRoom = waitingRoom;
            return this;
        }

        /** The topics the parts use (default {@link TopicNames#defaults()}). */
        public Builder topics(TopicNames topics) {
            this.topics = topics;
            return this;
        }

        /**
         * Seats one buyer may hold and buy of the demo event (default
         * {@value EventDefinition#DEFAULT_MAX_SEATS_PER_BUYER}).
         */
        public Builder maxSeatsPerBuyer(int maxSeatsPerBuyer) {
            this.maxSeatsPerBuyer = maxSeatsPerBuyer;
            return this;
        }

        /**
         * The ingress's admin listener (default: a free one when {@code port} is 0, else the ingress's default
         * admin port).
         */
        public Builder adminPort(int port) {
            this.adminPort = port;
            return this;
        }

        /** What starts besides the servers (default {@link Part#all()}). */
        public Builder parts(Set<Pipeline.Part> parts) {
            this.parts = parts;
            return this;
        }

        /** Written to the events topic instead of the demo event (default null: the demo event). */
        public Builder event(EventDefinition definition) {
            this.event = definition;
            return this;
        }

        /** Applied to the ingress settings after the configuration (default none: the identity). */
        public Builder ingressSettings(UnaryOperator<IngressSettings.Builder> overrides) {
            this.ingressSettings = overrides;
            return this;
        }

        public PipelineOptions build() {
            int admin = adminPort != null ? adminPort
                    : port == 0 ? 0 : IngressSettings.builder("unused").build().http().adminPort();
            return new PipelineOptions(dataDir, port, kafka, redis, kafkaPort, redisPort, partitions, waitingRoom, topics,
                    maxSeatsPerBuyer, admin, parts, event, ingressSettings);
        }
    }
}
