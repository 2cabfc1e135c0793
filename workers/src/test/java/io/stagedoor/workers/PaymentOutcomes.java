package io.stagedoor.workers;

import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads every payment outcome a checkout pool publishes, in no group, from the beginning of the topic. */
final class PaymentOutcomes implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final List<TopicPartition> partitions;
    private final List<PaymentOutcome> read = new ArrayList<>();

    PaymentOutcomes(WorkerSettings settings) {
        consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers()),
                new StringDeserializer(), new ByteArrayDeserializer());
        partitions = consumer.partitionsFor(settings.topics().paymentOutcomes()).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** The outcomes published so far for {@code correlationId}: reads up to the topic's end as it is now. */
    List<PaymentOutcome> of(String correlationId) {
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                read.add(Json.read(record.value(), PaymentOutcome.class));
            }
        }
        return read.stream().filter(outcome -> outcome.correlationId().equals(correlationId)).toList();
    }

    /** How many outcomes were published so far for {@code correlationId}. */
    int count(String correlationId) {
        return of(correlationId).size();
    }

    @Override
    public void close() {
        consumer.close();
    }
}
