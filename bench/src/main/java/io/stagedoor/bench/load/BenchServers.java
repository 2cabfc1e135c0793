package io.stagedoor.bench.load;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.embedded.Ports;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * The Redis and Kafka a benchmark runs against: the ones its flags name, else embedded ones it starts here and
 * closes with itself; and topics of the run's own, with one event written.
 */
public final class BenchServers implements AutoCloseable {

    private final String kafka;
    private final String redis;
    private final List<AutoCloseable> started;

    private BenchServers(String kafka, String redis, List<AutoCloseable> started) {
        this.kafka = kafka;
        this.redis = redis;
        this.started = started;
    }

    /** @param kafka bootstrap servers, or null for an embedded broker; @param redis a URI, or null for embedded */
    public static BenchServers start(String kafka, String redis) throws Exception {
        List<AutoCloseable> started = new ArrayList<>();
        if (redis == null) {
            EmbeddedRedis embedded = EmbeddedRedis.start(Ports.anyFree());
            started.add(embedded);
            redis = embedded.uri();
        }
        if (kafka == null) {
            EmbeddedKafka embedded = EmbeddedKafka.start(Files.createTempDirectory("stagedoor-bench-kafka-"),
                    Ports.anyFree());
            started.add(embedded);
            kafka = embedded.bootstrapServers();
        }
        return new BenchServers(kafka, redis, started);
    }

    /** Topics named {@code prefix} and a random suffix, created with the default settings, holding {@code event}. */
    public TopicNames topicsWith(String prefix, EventDefinition event) throws Exception {
        TopicNames topics = new TopicNames(prefix + UUID.randomUUID().toString().substring(0, 8));
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka))) {
            TopicCreator.ensure(admin, topics, TopicSettings.defaults(), 30_000);
        }
        Pipeline.publishEvent(kafka, topics, event);
        return topics;
    }

    public String kafka() {
        return kafka;
    }

    public String redis() {
        return redis;
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable part : started) {
            part.close();
        }
    }
}
