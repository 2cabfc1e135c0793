package io.stagedoor.bench.checkout;

import io.stagedoor.topics.Headers;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** The benchmark's producer and counting reader on one namespace of topics. */
final class BenchKafka implements AutoCloseable {

    private final String bootstrap;
    private final KafkaProducer<String, byte[]> producer;

    BenchKafka(String bootstrap, TopicNames names, int partitions) {
        this.bootstrap = bootstrap;
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            TopicCreator.ensure(admin, names, TopicSettings.defaults().withPartitions(partitions), 30_000);
        }
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.LINGER_MS_CONFIG, 5),
                new StringSerializer(), new ByteArraySerializer());
    }

    void send(String topic, String key, byte[] value, String correlationId) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, value);
        Headers.putCorrelationId(record.headers(), correlationId);
        producer.send(record);
    }

    void flush() {
        producer.flush();
    }

    /**
     * Reads {@code topic} (committed records only) from the start on a daemon thread, counting the records
     * {@code counted} accepts and remembering when the first and the latest of them arrived.
     */
    Counter count(String topic, int partitions, Predicate<ConsumerRecord<String, byte[]>> counted) {
        Counter counter = new Counter();
        Thread.ofPlatform().daemon().name("count-" + topic).start(() -> {
            try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                    new StringDeserializer(), new ByteArrayDeserializer())) {
                List<TopicPartition> all = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    all.add(new TopicPartition(topic, p));
                }
                consumer.assign(all);
                consumer.seekToBeginning(all);
                while (!counter.stopped) {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(50))) {
                        if (!counted.test(record)) {
                            continue;
                        }
                        long now = System.nanoTime();
                        counter.first.compareAndSet(0, now);
                        counter.last.set(now);
                        counter.count.incrementAndGet();
                    }
                }
            }
        });
        return counter;
    }

    @Override
    public void close() {
        producer.close();
    }

    /** Records seen so far, and when. */
    static final class Counter {
        final AtomicLong count = new AtomicLong();
        final AtomicLong first = new AtomicLong();
        final AtomicLong last = new AtomicLong();
        volatile boolean stopped;

        double perSecond() {
            double seconds = (last.get() - first.get()) / 1e9;
            return seconds <= 0 ? 0 : (count.get() - 1) / seconds;
        }
    }
}
