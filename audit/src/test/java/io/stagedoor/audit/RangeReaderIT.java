package io.stagedoor.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.replay.RangeReader;
import io.stagedoor.topics.replay.ReplaySettings;
import io.stagedoor.topics.replay.TopicRange;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * {@link RangeReader} on a real broker: a time range across every partition, committed records only, nothing left
 * behind in any consumer group. (It lives with the audit's tests because the cli module has the broker fixture.)
 */
class RangeReaderIT {

    /** An hour back: the broker refuses timestamps more than an hour ahead of its clock. */
    private static final Instant T0 = Instant.now().minus(java.time.Duration.ofHours(1))
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS);

    @Test
    void readsEveryPartitionFromTheFirstRecordAtTheStartToTheLastAtTheEnd() throws Exception {
        String topic = topic("range");
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            for (int second = 0; second < 10; second++) {
                for (int key = 0; key < 6; key++) {
                    producer.send(new ProducerRecord<>(topic, null, T0.plusSeconds(second).toEpochMilli(), "k" + key,
                            second + "/" + key)).get(10, TimeUnit.SECONDS);
                }
            }
        }

        List<String> values = read(topic, T0.plusSeconds(3), T0.plusSeconds(6));

        assertThat(values).hasSize(4 * 6).allSatisfy(value ->
                assertThat(Integer.parseInt(value.split("/")[0])).isBetween(3, 6));
        assertThat(read(topic, T0.plusSeconds(20), T0.plusSeconds(30))).isEmpty();
    }

    @Test
    void readsOnlyCommittedRecordsAndStopsPastAbortedTransactions() throws Exception {
        String topic = topic("transactions");
        try (KafkaProducer<String, String> producer = producer(Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, TestNames.unique("replay-tx")))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, null, T0.toEpochMilli(), "k", "committed-1"));
            producer.commitTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, null, T0.plusMillis(1).toEpochMilli(), "k", "aborted"));
            producer.flush();
            producer.abortTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, null, T0.plusMillis(2).toEpochMilli(), "k", "committed-2"));
            producer.commitTransaction();
        }

        // The markers carry the broker's clock, an hour after these records: the range must not end at them.
        // commitTransaction may return before the coordinator has written the last marker, and until then the last
        // stable offset (where a read_committed range stops) stays before the second transaction.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(read(topic, T0, T0.plusSeconds(1))).containsExactly("committed-1", "committed-2"));
    }

    @Test
    void reportsProgressUpToTheWholeRangeAndJoinsNoConsumerGroup() throws Exception {
        String topic = topic("progress");
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            for (int i = 0; i < 100; i++) {
                producer.send(new ProducerRecord<>(topic, null, T0.toEpochMilli(), "k" + i, "v" + i))
                        .get(10, TimeUnit.SECONDS);
            }
        }
        List<long[]> calls = new ArrayList<>();
        ReplaySettings everyTen = ReplaySettings.defaults(RealServers.kafkaBootstrap()).withProgressEvery(10);
        try (Admin admin = admin()) {
            int groupsBefore = admin.listGroups().all().get().size();
            try (Stream<ConsumerRecord<byte[], byte[]>> records = RangeReader.stream(everyTen,
                    new TopicRange(topic, T0, T0), (t, read, total) -> calls.add(new long[] {read, total}))) {
                assertThat(records.count()).isEqualTo(100);
            }
            assertThat(admin.listGroups().all().get()).hasSize(groupsBefore);
        }
        assertThat(calls).hasSizeGreaterThanOrEqualTo(10);
        long[] last = calls.get(calls.size() - 1);
        assertThat(last[0]).isEqualTo(last[1]).isGreaterThanOrEqualTo(100);
    }

    private static List<String> read(String topic, Instant from, Instant to) {
        List<String> values = new ArrayList<>();
        try (RangeReader reader = RangeReader.open(ReplaySettings.defaults(RealServers.kafkaBootstrap()),
                new TopicRange(topic, from, to), null)) {
            reader.forEachRemaining(record -> values.add(new String(record.value(), StandardCharsets.UTF_8)));
        }
        return values;
    }

    private static String topic(String prefix) throws Exception {
        String topic = TestNames.unique(prefix);
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        return topic;
    }

    private static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, RealServers.kafkaBootstrap()));
    }

    private static KafkaProducer<String, String> producer(Map<String, Object> extra) {
        Map<String, Object> config = new java.util.HashMap<>(extra);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, RealServers.kafkaBootstrap());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }
}
