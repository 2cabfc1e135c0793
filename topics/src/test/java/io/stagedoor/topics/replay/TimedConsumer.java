package io.stagedoor.topics.replay;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * A {@link MockConsumer} of one topic that also looks offsets up by time, as {@code KafkaConsumer} does and
 * {@code MockConsumer} does not: from a table, a partition without an entry answering null.
 */
class TimedConsumer extends MockConsumer<byte[], byte[]> {

    final Map<TopicPartition, Long> askedFor = new HashMap<>();
    private final Map<TopicPartition, OffsetAndTimestamp> firsts = new HashMap<>();
    private final Instant from;

    TimedConsumer(String topic, Instant from, int partitions) {
        super("earliest");
        this.from = from;
        Node node = new Node(0, "localhost", 9092);
        List<PartitionInfo> infos = new ArrayList<>();
        for (int partition = 0; partition < partitions; partition++) {
            infos.add(new PartitionInfo(topic, partition, node, new Node[] {node}, new Node[] {node}));
        }
        updatePartitions(topic, infos);
    }

    /** The first offset stamped at or after the range's start in {@code partition}; none when not given. */
    TimedConsumer first(TopicPartition partition, long offset) {
        firsts.put(partition, new OffsetAndTimestamp(offset, from.toEpochMilli()));
        return this;
    }

    TimedConsumer ends(Map<TopicPartition, Long> ends) {
        updateEndOffsets(ends);
        return this;
    }

    @Override
    public synchronized Map<TopicPartition, OffsetAndTimestamp> offsetsForTimes(Map<TopicPartition, Long> timestamps) {
        askedFor.putAll(timestamps);
        // As KafkaConsumer does: a partition with no record stamped late enough maps to null.
        Map<TopicPartition, OffsetAndTimestamp> found = new HashMap<>();
        timestamps.keySet().forEach(partition -> found.put(partition, firsts.get(partition)));
        return found;
    }
}
