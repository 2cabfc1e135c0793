package io.stagedoor.topics.lag;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * How far a group is behind, asked of the cluster with the Admin API: every answer waits at most the timeout.
 * A partition the group has no position on yet counts from its earliest record, as both groups start there
 * ({@code auto.offset.reset} and {@code share.auto.offset.reset} are {@code earliest}). End offsets are read
 * committed: an open or aborted transaction's records are nobody's lag.
 */
public final class GroupLag {

    private final Admin admin;
    private final Duration timeout;

    public GroupLag(Admin admin, Duration timeout) {
        this.admin = admin;
        this.timeout = timeout;
    }

    /** Records of each topic after the consumer group's committed offsets, by topic. */
    public Map<String, Long> consumerGroup(String groupId, Collection<String> topics) throws InterruptedException {
        Map<TopicPartition, OffsetAndMetadata> committed = orEmptyIfNoGroup(
                admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata());
        Map<TopicPartition, Long> positions = new HashMap<>();
        committed.forEach((partition, offset) -> {
            if (offset != null) {
                positions.put(partition, offset.offset());
            }
        });
        return byTopic(behind(partitions(topics), positions));
    }

    /** Records of {@code topic} the share group has not acknowledged yet. */
    public long shareGroup(String groupId, String topic) throws InterruptedException {
        Map<TopicPartition, SharePartitionOffsetInfo> offsets = orEmptyIfNoGroup(admin
                .listShareGroupOffsets(Map.of(groupId, new ListShareGroupOffsetsSpec()))
                .partitionsToOffsetInfo(groupId));
        long counted = 0;
        List<TopicPartition> uncounted = new ArrayList<>();
        Map<TopicPartition, Long> starts = new HashMap<>();
        for (TopicPartition partition : partitions(List.of(topic))) {
            SharePartitionOffsetInfo info = offsets.get(partition);
            if (info != null && info.lag().isPresent()) {
                // The broker's own count, which leaves out records acknowledged past the start offset.
                counted += info.lag().get();
                continue;
            }
            uncounted.add(partition);
            if (info != null) {
                starts.put(partition, info.startOffset());
            }
        }
        return counted + behind(uncounted, starts).values().stream().mapToLong(Long::longValue).sum();
    }

    /** For each partition, the records between its position (earliest when absent) and its committed end. */
    private Map<TopicPartition, Long> behind(List<TopicPartition> partitions, Map<TopicPartition, Long> positions)
            throws InterruptedException {
        if (partitions.isEmpty()) {
            return Map.of();
        }
        Map<TopicPartition, Long> ends = offsets(partitions, OffsetSpec.latest());
        List<TopicPartition> unstarted = partitions.stream().filter(p -> !positions.containsKey(p)).toList();
        Map<TopicPartition, Long> starts = new HashMap<>(positions);
        if (!unstarted.isEmpty()) {
            starts.putAll(offsets(unstarted, OffsetSpec.earliest()));
        }
        Map<TopicPartition, Long> lag = new HashMap<>();
        for (TopicPartition partition : partitions) {
            lag.put(partition, Math.max(0, ends.get(partition) - starts.get(partition)));
        }
        return lag;
    }

    private Map<TopicPartition, Long> offsets(List<TopicPartition> partitions, OffsetSpec spec)
            throws InterruptedException {
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> answers = await(admin.listOffsets(
                partitions.stream().collect(Collectors.toMap(Function.identity(), p -> spec)),
                new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all());
        Map<TopicPartition, Long> offsets = new HashMap<>();
        answers.forEach((partition, info) -> offsets.put(partition, info.offset()));
        return offsets;
    }

    private List<TopicPartition> partitions(Collection<String> topics) throws InterruptedException {
        return await(admin.describeTopics(topics).allTopicNames()).values().stream()
                .flatMap(topic -> topic.partitions().stream()
                        .map(info -> new TopicPartition(topic.name(), info.partition())))
                .toList();
    }

    private static Map<String, Long> byTopic(Map<TopicPartition, Long> lag) {
        Map<String, Long> topics = new TreeMap<>();
        lag.forEach((partition, records) -> topics.merge(partition.topic(), records, Long::sum));
        return topics;
    }

    /** A group that never had a member has no offsets: every record counts from the earliest. */
    private <T> Map<TopicPartition, T> orEmptyIfNoGroup(KafkaFuture<Map<TopicPartition, T>> future)
            throws InterruptedException {
        try {
            return await(future);
        } catch (LagUnknownException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return Map.of();
            }
            throw e;
        }
    }

    private <T> T await(KafkaFuture<T> future) throws InterruptedException {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new LagUnknownException(e.getCause());
        } catch (TimeoutException e) {
            throw new LagUnknownException(e);
        }
    }

    /** The cluster did not say; the lag is unknown until the next probe. */
    static final class LagUnknownException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        LagUnknownException(Throwable cause) {
            super(cause.toString(), cause);
        }
    }
}
