package io.stagedoor.topics.replay;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * The offsets a {@link TopicRange} covers in each partition: from the first offset stamped at or after the start,
 * up to (excluding) the first offset stamped after the end, never beyond the last stable offset, so an open
 * transaction cannot keep the replay waiting.
 *
 * @param starts first offset to read, per partition with something to read
 * @param ends   first offset not to read, per partition
 */
record RangeBounds(Map<TopicPartition, Long> starts, Map<TopicPartition, Long> ends) {

    static RangeBounds of(Consumer<?, ?> consumer, TopicRange range) {
        List<PartitionInfo> infos = consumer.partitionsFor(range.topic());
        Map<TopicPartition, Long> fromTimes = new HashMap<>();
        Map<TopicPartition, Long> toTimes = new HashMap<>();
        long from = range.from().toEpochMilli();
        // offsetsForTimes finds the first offset at or after a time; one past the end finds the first after it.
        long afterTo = range.to().toEpochMilli() + 1;
        for (PartitionInfo info : infos == null ? List.<PartitionInfo>of() : infos) {
            TopicPartition partition = new TopicPartition(info.topic(), info.partition());
            fromTimes.put(partition, from);
            toTimes.put(partition, afterTo);
        }
        if (fromTimes.isEmpty()) {
            return new RangeBounds(Map.of(), Map.of());
        }
        // With read_committed the end offsets are the last stable offsets.
        Map<TopicPartition, Long> stable = consumer.endOffsets(fromTimes.keySet());
        Map<TopicPartition, OffsetAndTimestamp> firsts = consumer.offsetsForTimes(fromTimes);
        Map<TopicPartition, OffsetAndTimestamp> lasts = consumer.offsetsForTimes(toTimes);
        Map<TopicPartition, Long> starts = new HashMap<>();
        Map<TopicPartition, Long> ends = new HashMap<>();
        for (TopicPartition partition : fromTimes.keySet()) {
            long lastStable = stable.getOrDefault(partition, 0L);
            OffsetAndTimestamp first = firsts.get(partition);
            OffsetAndTimestamp last = lasts.get(partition);
            long start = first == null ? lastStable : Math.min(first.offset(), lastStable);
            long end = last == null ? lastStable : Math.min(last.offset(), lastStable);
            if (start < end) {
                starts.put(partition, start);
                ends.put(partition, end);
            }
        }
        return new RangeBounds(Map.copyOf(starts), Map.copyOf(ends));
    }

    /** Offsets in the whole range, markers included. */
    long total() {
        long total = 0;
        for (Map.Entry<TopicPartition, Long> start : starts.entrySet()) {
            total += ends.get(start.getKey()) - start.getValue();
        }
        return total;
    }
}
