package io.stagedoor.topics.replay;

import io.stagedoor.topics.TopicsMessages;
import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads one {@link TopicRange}: every partition, committed records only ({@code read_committed}), as raw bytes for
 * the caller to parse only what it needs. It assigns partitions itself and belongs to no consumer group, so it
 * commits nothing and moves nobody's offsets; any number of readers can run beside the workers.
 *
 * <p>Records come in offset order within a partition (so the records of one key come in the order they were
 * written); partitions interleave. Not thread-safe: iterate on one thread, then {@link #close()} (a
 * {@link #stream} closes its reader when the stream is closed).
 */
public final class RangeReader implements Iterator<ConsumerRecord<byte[], byte[]>>, AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(200);

    private final Consumer<byte[], byte[]> consumer;
    private final TopicRange range;
    private final ReplaySettings settings;
    private final ReplayProgress progress;
    private final long fromMillis;
    private final long toMillis;
    private final long stopAfterMillis;
    private final Map<TopicPartition, Long> ends;
    private final Set<TopicPartition> reading;
    /** Per partition number: whether it is still read; checked for every record, so an array, not a set. */
    private final boolean[] open;
    private final long total;
    private Iterator<ConsumerRecord<byte[], byte[]>> batch = Collections.emptyIterator();
    private ConsumerRecord<byte[], byte[]> next;
    private long read;
    private long sinceProgress;
    private boolean finished;

    private RangeReader(Consumer<byte[], byte[]> consumer, ReplaySettings settings, TopicRange range,
                        ReplayProgress progress) {
        this.settings = settings;
        this.range = range;
        this.progress = progress;
        this.fromMillis = range.from().toEpochMilli();
        this.toMillis = range.to().toEpochMilli();
        this.stopAfterMillis = range.to().plus(settings.timestampDisorder()).toEpochMilli();
        this.consumer = consumer;
        try {
            RangeBounds bounds = RangeBounds.of(consumer, range);
            this.ends = bounds.ends();
            this.total = bounds.total();
            this.reading = new HashSet<>(bounds.starts().keySet());
            int partitions = reading.stream().mapToInt(TopicPartition::partition).max().orElse(-1) + 1;
            this.open = new boolean[partitions];
            reading.forEach(partition -> open[partition.partition()] = true);
            consumer.assign(reading);
            bounds.starts().forEach(consumer::seek);
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
    }

    /** Opens a reader over {@code range}; the caller must {@link #close()} it. */
    public static RangeReader open(ReplaySettings settings, TopicRange range, ReplayProgress progress) {
        return open(new KafkaConsumer<>(properties(settings, range), new ByteArrayDeserializer(),
                new ByteArrayDeserializer()), settings, range, progress);
    }

    /** A reader through {@code consumer}, which it assigns, seeks and closes (tests hand it a mock). */
    static RangeReader open(Consumer<byte[], byte[]> consumer, ReplaySettings settings, TopicRange range,
                            ReplayProgress progress) {
        return new RangeReader(consumer, settings, range, progress == null ? ReplayProgress.NONE : progress);
    }

    /** The records of {@code range} as a stream that closes its reader when closed (use try-with-resources). */
    public static Stream<ConsumerRecord<byte[], byte[]>> stream(ReplaySettings settings, TopicRange range,
                                                                ReplayProgress progress) {
        RangeReader reader = open(settings, range, progress);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(reader,
                Spliterator.ORDERED | Spliterator.NONNULL), false).onClose(reader::close);
    }

    /** Offsets from the range's start to the last stable offset, across partitions: an upper bound on records. */
    public long total() {
        return total;
    }

    @Override
    public boolean hasNext() {
        while (next == null && !finished) {
            if (batch.hasNext()) {
                accept(batch.next());
            } else {
                pollMore();
            }
        }
        return next != null;
    }

    @Override
    public ConsumerRecord<byte[], byte[]> next() {
        if (!hasNext()) {
            throw new NoSuchElementException(range.topic());
        }
        ConsumerRecord<byte[], byte[]> record = next;
        next = null;
        return record;
    }

    private void accept(ConsumerRecord<byte[], byte[]> candidate) {
        int partition = candidate.partition();
        if (!open[partition]) {
            return;
        }
        long timestamp = candidate.timestamp();
        if (timestamp > stopAfterMillis) {
            // Past the range by more than producers' clocks disagree: nothing further on can belong to it.
            retire(Set.of(new TopicPartition(candidate.topic(), partition)));
            return;
        }
        if (candidate.offset() >= ends.get(new TopicPartition(candidate.topic(), partition))) {
            return;
        }
        countRead();
        if (timestamp >= fromMillis && timestamp <= toMillis) {
            next = candidate;
        }
    }

    private void pollMore() {
        retireFinishedPartitions();
        if (reading.isEmpty()) {
            finish();
            return;
        }
        long stalledSince = System.nanoTime();
        while (true) {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
            if (!records.isEmpty()) {
                batch = records.iterator();
                return;
            }
            // An empty poll can still advance past transaction markers and aborted records.
            retireFinishedPartitions();
            if (reading.isEmpty()) {
                finish();
                return;
            }
            if (System.nanoTime() - stalledSince > settings.stallTimeout().toNanos()) {
                throw new IllegalStateException(TopicsMessages.stalled(range.topic(), settings.stallTimeout(),
                        remaining()));
            }
        }
    }

    /** Stops fetching the partitions whose position reached their end. */
    private void retireFinishedPartitions() {
        Set<TopicPartition> done = new HashSet<>();
        for (TopicPartition partition : reading) {
            if (consumer.position(partition) >= ends.get(partition)) {
                done.add(partition);
            }
        }
        retire(done);
    }

    private void retire(Set<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        partitions.forEach(partition -> open[partition.partition()] = false);
        reading.removeAll(partitions);
        consumer.pause(partitions);
    }

    private long remaining() {
        long remaining = 0;
        for (TopicPartition partition : reading) {
            remaining += ends.get(partition) - consumer.position(partition);
        }
        return remaining;
    }

    private void countRead() {
        read++;
        if (++sinceProgress >= settings.progressEvery()) {
            sinceProgress = 0;
            progress.advanced(range.topic(), Math.min(read, total), total);
        }
    }

    private void finish() {
        finished = true;
        batch = Collections.emptyIterator();
        progress.advanced(range.topic(), total, total);
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }

    private static Map<String, Object> properties(ReplaySettings settings, TopicRange range) {
        Map<String, Object> properties = settings.kafka().baseProperties();
        properties.put(ConsumerConfig.CLIENT_ID_CONFIG, "stagedoor-replay-" + range.topic());
        // No group.id: partitions are assigned by hand and nothing is ever committed.
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString());
        properties.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        properties.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxPollRecords());
        properties.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, settings.fetchMaxBytes());
        properties.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, settings.maxPartitionFetchBytes());
        properties.put(ConsumerConfig.RECEIVE_BUFFER_CONFIG, 4 * 1024 * 1024);
        properties.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 1);
        return properties;
    }
}
