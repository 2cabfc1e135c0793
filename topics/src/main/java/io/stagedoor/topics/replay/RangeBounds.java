package io.stagedoor.topics.replay;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a {@link TopicRange} starts and where reading must stop at the latest in each partition: from the first
 * offset stamped at or after the start, to the last stable offset, so an open transaction cannot keep the replay
 * waiting. The end is not looked up by time: transaction markers carry the broker's clock rather than the
 * producer's, so a time lookup can land on a marker before records that belong to the range.
 *
 * @param starts first offset to read, per partition with something to read
 * @param ends   the last stable offset, per partition with something to read
 */
record RangeBounds(Map<TopicPartition, Long> starts, Map<TopicPartition, Long> ends) {

    static RangeBounds of(Consumer<?, ?> consumer, TopicRange range) {
        List<PartitionInfo> infos = consumer.partitionsFor(range.topic());
        Map<TopicPartition, Long> fromTimes = new HashMap<>();
        for (PartitionInfo info : infos == null ? List.<PartitionInfo>of() : infos) {
            fromTimes.put(new TopicPartition(info.topic(), info.partition()), range.from().toEpochMilli());
        }
        if (fromTimes.isEmpty()) {
            return new RangeBounds(Map.of(), Map.of());
        }
        // With read_committed the end offsets are the last stable offsets.
        Map<TopicPartition, Long> stable = consumer.endOffsets(fromTimes.keySet());
        Map<TopicPartition, OffsetAndTimestamp> firsts = consumer.offsetsForTimes(fromTimes);
        Map<TopicPartition, Long> starts = new HashMap<>();
        Map<TopicPartition, Long> ends = new HashMap<>();
        for (TopicPartition partition : fromTimes.keySet()) {
            long end = stable.getOrDefault(partition, 0L);
            OffsetAndTimestamp first = firsts.get(partition);
            long start = first == null ? end : Math.min(first.offset(), end);
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
