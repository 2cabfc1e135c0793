package io.stagedoor.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three-node cluster: replicated on three with two in sync, transactions and share groups, a leader killed. */
class EmbeddedKafkaClusterIT {

    private static final Duration DEADLINE = Duration.ofSeconds(40);

    @TempDir
    static Path sharedDir;

    private static EmbeddedKafkaCluster cluster;
    private static Admin admin;

    /**
     * The cluster every test shares starts although the first port it is handed is taken by another socket, as a
     * port picked free can be taken before a node binds it: the start is tried again on new ports.
     */
    @BeforeAll
    static void startCluster() throws IOException {
        int takenPort;
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(Ports.LOOPBACK))) {
            takenPort = taken.getLocalPort();
            AtomicBoolean handedOut = new AtomicBoolean();
            cluster = EmbeddedKafkaCluster.start(sharedDir,
                    () -> handedOut.getAndSet(true) ? Ports.anyFree() : takenPort);
        }
        assertThat(cluster.bootstrapServers().split(",")).doesNotContain(Ports.LOOPBACK + ":" + takenPort);
        assertThat(cluster.nodeIds()).allMatch(cluster::isRunning);
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
    }

    @AfterAll
    static void stopCluster() {
        admin.close();
        cluster.close();
    }

    @Test
    void aTopicCreatedWithTheBrokersDefaultsHasThreeReplicasAndTwoInSync() throws Exception {
        String topic = newTopic(2);

        TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS)
                .get(topic);
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Config config = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);

        assertThat(description.partitions()).allSatisfy(p -> assertThat(p.replicas()).hasSize(3));
        assertThat(config.get("min.insync.replicas").value()).isEqualTo("2");
    }

    @Test
    void transactionsCommitWithTheirStateReplicatedOnThree() throws Exception {
        String topic = newTopic(1);
        try (KafkaProducer<String, String> producer = producer(Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, "tx-" + topic))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "k", "committed"));
            producer.commitTransaction();
        }

        assertThat(consume(topic, 1)).containsExactly("committed");
        TopicDescription state = admin.describeTopics(List.of("__transaction_state")).allTopicNames()
                .get(30, TimeUnit.SECONDS).get("__transaction_state");
        assertThat(state.partitions()).allSatisfy(p -> assertThat(p.replicas()).hasSize(3));
    }

    @Test
    void aShareConsumerReceivesAndAcknowledgesRecords() throws Exception {
        String topic = newTopic(1);
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "v" + i));
            }
            producer.flush();
        }
        String group = "share-" + topic;
        ShareGroups.readFromEarliest(admin, group);
        Map<String, Object> props = new HashMap<>(ShareGroups.explicitAcknowledgement());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        List<String> acknowledged = new ArrayList<>();
        try (KafkaShareConsumer<String, String> consumer =
                     new KafkaShareConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(Set.of(topic));
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (acknowledged.size() < 5 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    consumer.acknowledge(record, AcknowledgeType.ACCEPT);
                    acknowledged.add(record.value());
                }
                consumer.commitSync();
            }
        }

        assertThat(acknowledged).containsExactlyInAnyOrder("v0", "v1", "v2", "v3", "v4");
    }

    @Test
    void aKilledLeaderIsReplacedAndNoAcknowledgedRecordIsLost() throws Exception {
        String topic = newTopic(1);
        TopicPartition partition = new TopicPartition(topic, 0);
        List<String> acknowledged = new ArrayList<>();
        int leader;
        try (KafkaProducer<String, String> producer = producer(Map.of(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000))) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>(topic, "k", "before-" + i)).get(30, TimeUnit.SECONDS);
                acknowledged.add("before-" + i);
            }
            leader = cluster.leaderOf(partition);
            cluster.kill(leader);
            for (int i = 0; i < 5; i++) {
                // the producer retries until the controller has fenced the dead leader and named another
                producer.send(new ProducerRecord<>(topic, "k", "after-" + i)).get(40, TimeUnit.SECONDS);
                acknowledged.add("after-" + i);
            }
        }

        assertThat(cluster.leaderOf(partition)).isNotEqualTo(leader);
        assertThat(cluster.inSyncReplicas(partition)).hasSize(2).doesNotContain(leader);
        cluster.restart(leader);
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (cluster.inSyncReplicas(partition).size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(200); // polling the ISR: the restarted node catches up on its own
        }
        assertThat(cluster.inSyncReplicas(partition)).as("the restarted node back in sync").hasSize(3);
        assertThat(consume(topic, acknowledged.size())).containsExactlyElementsOf(acknowledged);
    }

    private static String newTopic(int partitions) throws Exception {
        String topic = "t-" + UUID.randomUUID().toString().substring(0, 8);
        // no replication factor: the brokers' default (3) applies, and their min.insync.replicas (2)
        admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty()))).all()
                .get(30, TimeUnit.SECONDS);
        // The controller acknowledges the creation before every broker has the metadata: wait until each describes it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS);
                admin.describeConfigs(List.of(new ConfigResource(ConfigResource.Type.TOPIC, topic))).all()
                        .get(30, TimeUnit.SECONDS);
                return topic;
            } catch (java.util.concurrent.ExecutionException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.onSpinWait();
            }
        }
    }

    private static KafkaProducer<String, String> producer(Map<String, Object> extra) {
        Map<String, Object> props = new HashMap<>(extra);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    private static List<String> consume(String topic, int expected) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + topic);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
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
