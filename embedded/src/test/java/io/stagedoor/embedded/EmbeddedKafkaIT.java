package io.stagedoor.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaIT {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    static Path sharedDir;

    private static EmbeddedKafka kafka;
    private static Admin admin;

    @BeforeAll
    static void startKafka() {
        kafka = EmbeddedKafka.start(sharedDir, Ports.anyFree());
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()));
    }

    @AfterAll
    static void stopKafka() {
        admin.close();
        kafka.close();
    }

    @Test
    void aProducedRecordCanBeConsumed() throws Exception {
        String topic = newTopic(admin, 3);
        try (KafkaProducer<String, String> producer = producer(kafka, Map.of())) {
            producer.send(new ProducerRecord<>(topic, "event-1", "hello")).get(30, TimeUnit.SECONDS);
        }

        assertThat(consumeAll(kafka, topic, 1, "read_uncommitted")).containsExactly("hello");
    }

    @Test
    void aTransactionalProducerCommitsAndReadCommittedConsumersSeeIt() throws Exception {
        String topic = newTopic(admin, 3);
        try (KafkaProducer<String, String> producer = producer(kafka, Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, "tx-" + topic,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "k", "committed-1"));
            producer.send(new ProducerRecord<>(topic, "k", "committed-2"));
            producer.commitTransaction();
        }

        assertThat(consumeAll(kafka, topic, 2, "read_committed")).containsExactly("committed-1", "committed-2");
    }

    @Test
    void aShareConsumerWithExplicitAcknowledgementReceivesRecordsFromEarliest() throws Exception {
        String topic = newTopic(admin, 2);
        try (KafkaProducer<String, String> producer = producer(kafka, Map.of())) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "v" + i));
            }
            producer.flush();
        }
        String group = "share-" + topic;
        ShareGroups.readFromEarliest(admin, group);

        Map<String, Object> props = new HashMap<>(ShareGroups.explicitAcknowledgement());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        List<String> acknowledged = new ArrayList<>();
        try (KafkaShareConsumer<String, String> consumer =
                     new KafkaShareConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(Set.of(topic));
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (acknowledged.size() < 10 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    consumer.acknowledge(record, AcknowledgeType.ACCEPT);
                    acknowledged.add(record.value());
                }
                consumer.commitSync();
            }
        }

        assertThat(acknowledged).containsExactlyInAnyOrder("v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9");
    }

    @Test
    void aTopicSurvivesARestartOnTheSameDataDir(@TempDir Path dataDir) throws Exception {
        String topic;
        try (EmbeddedKafka first = EmbeddedKafka.start(dataDir, Ports.anyFree());
             Admin firstAdmin = admin(first)) {
            topic = newTopic(firstAdmin, 1);
            try (KafkaProducer<String, String> producer = producer(first, Map.of())) {
                producer.send(new ProducerRecord<>(topic, "k", "before-restart")).get(30, TimeUnit.SECONDS);
            }
        }

        try (EmbeddedKafka second = EmbeddedKafka.start(dataDir, Ports.anyFree());
             Admin secondAdmin = admin(second)) {
            assertThat(secondAdmin.listTopics().names().get(30, TimeUnit.SECONDS)).contains(topic);
            assertThat(consumeAll(second, topic, 1, "read_uncommitted")).containsExactly("before-restart");
        }
    }

    private static Admin admin(EmbeddedKafka kafka) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()));
    }

    private static String newTopic(Admin admin, int partitions) throws Exception {
        String topic = "t-" + UUID.randomUUID().toString().substring(0, 8);
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
        return topic;
    }

    private static KafkaProducer<String, String> producer(EmbeddedKafka kafka, Map<String, Object> extra) {
        Map<String, Object> props = new HashMap<>(extra);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    private static List<String> consumeAll(EmbeddedKafka kafka, String topic, int expected, String isolation) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + topic);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(Set.of(topic));
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (values.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> values.add(record.value()));
            }
        }
        return values;
    }
}
