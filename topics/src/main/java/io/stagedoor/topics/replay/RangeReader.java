package io.stagedoor.topics.replay;

import java.time.Duration;
import java.util.HashMap;
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
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads one {@link TopicRange}: every partition, committed records only ({@code read_committed}), as raw bytes for
 * the caller to parse only what it needs. It assigns partitions itself and belongs to no consumer group, so it
 * commits nothing and moves nobody's offsets; any number of readers can run beside the workers.
 *
 * <p>Records come partition by partition in offset order within a partition (records of one key therefore come
 * in the order they were written); partitions interleave. Not thread-safe: iterate on one thread, then
 * {@link #close()} (a {@link #stream} closes the reader when the stream is closed).
 */
public final class RangeReader implements Iterator<ConsumerRecord<byte[], byte[]>>, AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(200);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final TopicRange range;
    private final ReplaySettings settings;
    private final ReplayProgress progress;
    private final Map<TopicPartition, Long> ends;
    private final Set<TopicPartition> reading;
    private final long total;
    private Iterator<ConsumerRecord<byte[], byte[]>> batch = java.util.Collections.emptyIterator();
    private ConsumerRecord<byte[], byte[]> next;
    private long read;
    private long sinceProgress;
    private boolean finished;

    private RangeReader(ReplaySettings settings, TopicRange range, ReplayProgress progress) {
        this.settings = settings;
        this.range = range;
        this.progress = progress;
        this.consumer = new KafkaConsumer<>(properties(settings, range), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        try {
            RangeBounds bounds = RangeBounds.of(consumer, range);
            this.ends = bounds.ends();
            this.total = bounds.total();
            this.reading = new HashSet<>(bounds.starts().keySet());
            consumer.assign(reading);
            bounds.starts().forEach(consumer::seek);
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
    }

    /** Opens a reader over {@code range}; the caller must {@link #close()} it. */
    public static RangeReader open(ReplaySettings settings, TopicRange range, ReplayProgress progress) {
        return new RangeReader(settings, range, progress == null ? ReplayProgress.NONE : progress);
    }

    /** The records of {@code range} as a stream that closes its reader when closed (use try-with-resources). */
    public static Stream<ConsumerRecord<byte[], byte[]>> stream(ReplaySettings settings, TopicRange range,
                                                                ReplayProgress progress) {
        RangeReader reader = open(settings, range, progress);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(reader,
                Spliterator.ORDERED | Spliterator.NONNULL), false).onClose(reader::close);
    }

    /** Offsets the range covers across its partitions (transaction markers included). */
    public long total() {
        return total;
    }

    @Override
    public boolean hasNext() {
        while (next == null && !finished) {
            if (batch.hasNext()) {
                ConsumerRecord<byte[], byte[]> candidate = batch.next();
                TopicPartition partition = new TopicPartition(candidate.topic(), candidate.partition());
                Long end = ends.get(partition);
                if (end != null && candidate.offset() < end) {
                    next = candidate;
                    countRead();
                }
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

    private void pollMore() {
        retireFinishedPartitions();
        if (reading.isEmpty()) {
            finish();
            return;
        }
        long stalledSince = System.nanoTime();
        while (true) {
            var records = consumer.poll(POLL);
            if (!records.isEmpty()) {
                batch = records.iterator();
                return;
            }
            // An empty poll can still advance past transaction markers and aborted records.
            if (retireFinishedPartitions() && reading.isEmpty()) {
                finish();
                return;
            }
            if (System.nanoTime() - stalledSince > settings.stallTimeout().toNanos()) {
                throw new IllegalStateException(ReplayMessages.stalled(range.topic(), settings.stallTimeout(),
                        remaining()));
            }
        }
    }

    /** Stops fetching partitions whose position reached the end; true when any did. */
    private boolean retireFinishedPartitions() {
        Set<TopicPartition> done = new HashSet<>();
        for (TopicPartition partition : reading) {
            if (consumer.position(partition) >= ends.get(partition)) {
                done.add(partition);
            }
        }
        if (done.isEmpty()) {
            return false;
        }
        reading.removeAll(done);
        consumer.pause(done);
        return true;
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
        batch = java.util.Collections.emptyIterator();
        progress.advanced(range.topic(), total, total);
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }

    private static Map<String, Object> properties(ReplaySettings settings, TopicRange range) {
        Map<String, Object> properties = new HashMap<>();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
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
