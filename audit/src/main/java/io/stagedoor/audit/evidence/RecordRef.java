package io.stagedoor.audit.evidence;

import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Where a record lives, so a report can name it: {@code results/3@1207}.
 *
 * @param topic     the topic
 * @param partition the partition
 * @param offset    the offset
 * @param timestamp the record's timestamp
 */
public record RecordRef(String topic, int partition, long offset, Instant timestamp) {

    public static RecordRef of(ConsumerRecord<?, ?> record) {
        return new RecordRef(record.topic(), record.partition(), record.offset(), Instant.ofEpochMilli(record.timestamp()));
    }

    @Override
    public String toString() {
        return topic + "/" + partition + "@" + offset;
    }
}
