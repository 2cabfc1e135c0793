package io.stagedoor.ingress.follow;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows every partition of one topic on a thread of its own, from the beginning or from a point in time,
 * handing each record to a callback. It joins no consumer group and commits nothing, so each ingress instance
 * sees the whole topic. A record the callback cannot handle is logged and skipped; a fetch that fails is tried
 * again ({@link FollowLoop}).
 */
public final class TopicFollower implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TopicFollower.class);
    private static final Duration POLL = Duration.ofMillis(200);
    /**
     * How long an idle fetch of a topic written in transactions waits at the broker: short, so a committed record is
     * read soon after its transaction's marker.
     */
    static final Duration FETCH_WAIT = Duration.ofMillis(20);

    private final String topic;
    private final KafkaConsumer<String, byte[]> consumer;
    private final Consumer<ConsumerRecord<String, byte[]>> handler;
    private final FollowLoop loop;
    private final Thread thread;
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    /** The ends the topic had when following started: read by the loop's first step, null until then. */
    private Map<TopicPartition, Long> ends;

    private TopicFollower(KafkaConnection kafka, String topic, Instant from, Duration maxWait,
                          Consumer<ConsumerRecord<String, byte[]>> handler) {
        this.topic = topic;
        this.handler = handler;
        this.consumer = consumer(kafka, topic, maxWait);
        try {
            assign(from);
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
        this.loop = new FollowLoop(topic, this::step);
        this.thread = Thread.ofPlatform().name("follow-" + topic).daemon().unstarted(this::run);
    }

    /**
     * A consumer that follows {@code topic} in no group, committing nothing, reading committed records only. An idle
     * fetch waits at the broker up to {@link #FETCH_WAIT} for a record.
     */
    static KafkaConsumer<String, byte[]> consumer(KafkaConnection kafka, String topic) {
        return consumer(kafka, topic, FETCH_WAIT);
    }

    private static KafkaConsumer<String, byte[]> consumer(KafkaConnection kafka, String topic, Duration maxWait) {
        Properties config = new Properties();
        config.putAll(kafka.baseProperties());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int) maxWait.toMillis());
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "stagedoor-follow-" + topic);
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** Starts following {@code topic} from {@code from} (the beginning when {@link Instant#EPOCH}). */
    public static TopicFollower start(KafkaConnection kafka, String topic, Instant from,
                                      Consumer<ConsumerRecord<String, byte[]>> handler) {
        return start(kafka, topic, from, FETCH_WAIT, handler);
    }

    /**
     * The same, with idle fetches waiting up to {@code maxWait} at the broker: a record written without a transaction
     * ends the wait as it lands, so a longer wait only makes an idle follower cheaper (the catalog's changes are
     * rare: 20 ms cost its follower 50 fetches a second, about 5 % of an ingress at fresh-hold saturation).
     */
    public static TopicFollower start(KafkaConnection kafka, String topic, Instant from, Duration maxWait,
                                      Consumer<ConsumerRecord<String, byte[]>> handler) {
        TopicFollower follower = new TopicFollower(kafka, topic, from, maxWait, handler);
        follower.thread.start();
        return follower;
    }

    /** Waits until the follower has read up to the end the topic had when it started; false on timeout. */
    public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void assign(Instant from) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(30));
        if (infos == null || infos.isEmpty()) {
            throw new IllegalStateException(IngressMessages.topicMissing(topic));
        }
        List<TopicPartition> partitions = infos.stream().map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        if (from.equals(Instant.EPOCH)) {
            consumer.seekToBeginning(partitions);
            return;
        }
        Map<TopicPartition, Long> times = new HashMap<>();
        partitions.forEach(p -> times.put(p, from.toEpochMilli()));
        Map<TopicPartition, OffsetAndTimestamp> offsets = consumer.offsetsForTimes(times, Duration.ofSeconds(30));
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(30));
        offsets.forEach((partition, offset) -> consumer.seek(partition, offset == null ? ends.get(partition) : offset.offset()));
    }

    /** Whether following fails right now: the views it feeds may be stale. */
    public boolean failing() {
        return loop.failing();
    }

    private void run() {
        try {
            loop.run();
        } finally {
            consumer.close(Duration.ofSeconds(1));
        }
    }

    /** One turn: one fetch handed to the callback, then whether the ends seen at the start are reached. */
    private void step() {
        if (ends == null) {
            ends = consumer.endOffsets(consumer.assignment(), Duration.ofSeconds(30));
        }
        for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
            handle(record);
        }
        if (caughtUp.getCount() > 0 && reached(ends)) {
            caughtUp.countDown();
        }
    }

    private boolean reached(Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    private void handle(ConsumerRecord<String, byte[]> record) {
        handle(handler, record);
    }

    /** Hands {@code record} to {@code handler}; a record it cannot handle is logged and skipped. */
    static void handle(Consumer<ConsumerRecord<String, byte[]>> handler, ConsumerRecord<String, byte[]> record) {
        try {
            handler.accept(record);
        } catch (RuntimeException e) {
            LOG.warn("skipped unreadable record {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    e.getMessage());
        }
    }

    @Override
    public void close() {
        loop.stop();
        stop(consumer, thread);
    }

    /** Wakes {@code consumer} up and waits up to 3 s for its {@code thread}, which has seen its running flag cleared. */
    static void stop(KafkaConsumer<String, byte[]> consumer, Thread thread) {
        consumer.wakeup();
        try {
            thread.join(Duration.ofSeconds(3));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
