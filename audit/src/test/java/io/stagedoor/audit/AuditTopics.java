package io.stagedoor.audit;

import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.run.Audit;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.json.Json;
import io.stagedoor.topics.PaymentActions;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A namespaced set of the pipeline's topics on the tests' real Kafka, and a producer that writes records straight
 * to them with the timestamps a test chooses, past the ingress and the workers, so a test can lay down a history
 * and inject one violation into it.
 */
public final class AuditTopics implements AutoCloseable {

    static final int PARTITIONS = 3;

    private final TopicNames names;
    private final KafkaProducer<String, byte[]> producer;

    private AuditTopics(TopicNames names) {
        this.names = names;
        this.producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.LINGER_MS_CONFIG, 5),
                new StringSerializer(), new ByteArraySerializer());
    }

    /** Creates the topics of a fresh namespace. */
    public static AuditTopics create(String prefix) {
        TopicNames names = new TopicNames(TestNames.unique(prefix));
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()))) {
            TopicCreator.ensure(admin, names, TopicSettings.defaults().withPartitions(PARTITIONS), 30_000);
        }
        return new AuditTopics(names);
    }

    public static String bootstrap() {
        return RealServers.kafkaBootstrap();
    }

    public TopicNames names() {
        return names;
    }

    /** Writes {@code value} as JSON and waits for the broker; the correlation id travels in its header. */
    void send(String topic, String key, Object value, String correlationId, Instant at) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, null, at.toEpochMilli(), key,
                value instanceof byte[] bytes ? bytes : Json.write(value));
        if (correlationId != null) {
            Headers.putCorrelationId(record.headers(), correlationId);
        }
        send(record);
    }

    /** Writes the inventory's request to void the charge made under {@code correlationId}. */
    void sendVoid(String correlationId, Object request, Instant at) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(names.payments(), null, at.toEpochMilli(),
                correlationId, Json.write(request));
        Headers.putCorrelationId(record.headers(), correlationId);
        PaymentActions.markVoid(record.headers());
        send(record);
    }

    private void send(ProducerRecord<String, byte[]> record) {
        try {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot write to " + record.topic(), e);
        }
    }

    /** Audits {@code from .. to} with a 5 s edge. */
    AuditReport audit(Instant from, Instant to) {
        return Audit.run(AuditOptions.of(bootstrap(), names, from, to).withEdge(Duration.ofSeconds(5)));
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
