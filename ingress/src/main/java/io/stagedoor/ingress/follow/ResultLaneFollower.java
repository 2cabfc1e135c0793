package io.stagedoor.ingress.follow;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.topics.ids.ResultLanes;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the partitions of the results topic this instance has a reason to read (decision 0028): its home lanes
 * always, where the results of the requests it accepted are written; and a visited lane while polls for results
 * written there keep reaching this instance (a balancer that sends a buyer's poll elsewhere than the instance that
 * took the request), until a results window passes without one. A lane is read from one results window back when
 * its following starts, so a visited lane answers for every result still in the window. One consumer on a thread
 * of its own, no group, nothing committed; at most every partition followed. Thread-safe.
 */
public final class ResultLaneFollower implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ResultLaneFollower.class);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration METADATA = Duration.ofSeconds(30);
    /** How long a new visit may wait for the brokers to say where a window back is; it is tried again after. */
    private static final Duration VISIT_LOOKUP = Duration.ofSeconds(2);

    private final String topic;
    private final Duration window;
    private final Clock clock;
    private final Consumer<ConsumerRecord<String, byte[]>> handler;
    private final KafkaConsumer<String, byte[]> consumer;
    private final int partitions;
    private final List<Integer> home;
    /** Visited lanes by when a poll last asked for one ({@code System.nanoTime}); at most every partition. */
    private final Map<Integer, Long> visits = new ConcurrentHashMap<>();
    private final AtomicInteger nextHome = new AtomicInteger();
    private final LongAdder followed = new LongAdder();
    private final FollowLoop loop;
    private final Thread thread;
    private volatile Set<Integer> assigned = Set.of();

    private ResultLaneFollower(KafkaConnection kafka, String topic, int index, int count, Duration window, Clock clock,
                               Consumer<ConsumerRecord<String, byte[]>> handler) {
        this.topic = topic;
        this.window = window;
        this.clock = clock;
        this.handler = handler;
        this.consumer = TopicFollower.consumer(kafka, topic);
        try {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, METADATA);
            if (infos == null || infos.isEmpty()) {
                throw new IllegalStateException(IngressMessages.topicMissing(topic));
            }
            this.partitions = infos.size();
            this.home = ResultLanes.home(index, count, partitions);
            follow(new HashSet<>(home), METADATA);
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
        this.loop = new FollowLoop(topic, this::step);
        this.thread = Thread.ofPlatform().name("follow-" + topic).daemon().unstarted(this::run);
    }

    /**
     * Starts following the home lanes of instance {@code index} of {@code count} on {@code topic}, each from
     * {@code window} back, handing every record to {@code handler} on the follower's thread.
     */
    public static ResultLaneFollower start(KafkaConnection kafka, String topic, int index, int count, Duration window,
                                           Clock clock, Consumer<ConsumerRecord<String, byte[]>> handler) {
        ResultLaneFollower follower = new ResultLaneFollower(kafka, topic, index, count, window, clock, handler);
        follower.thread.start();
        return follower;
    }

    /** The lane to name in the next correlation id this instance issues: its home lanes in turn. */
    public int issueLane() {
        return home.get(Math.floorMod(nextHome.getAndIncrement(), home.size()));
    }

    /**
     * Tells the follower that a poll here asked for {@code correlationId}'s result: its lane is followed from now
     * on (from one window back) if it is not already, and for a window after the last such poll. Never blocks.
     */
    public void lookedUp(String correlationId) {
        int lane = ResultLanes.partitionOf(correlationId, partitions);
        if (home.contains(lane)) {
            return;
        }
        // Woken once per new visit: a wakeup aborts the follower's lookups, so one per poll could keep it from ever
        // finishing them; a visit whose lookup timed out is tried again by the loop on its own.
        if (visits.put(lane, System.nanoTime()) == null) {
            consumer.wakeup();
        }
    }

    /** The partitions followed right now. */
    public Set<Integer> lanes() {
        return assigned;
    }

    /** The partitions followed right now or from the follower's next fetch on: the home lanes and those visited. */
    public Set<Integer> wanted() {
        Set<Integer> wanted = new HashSet<>(home);
        wanted.addAll(visits.keySet());
        return wanted;
    }

    /** The records read since the start. */
    public long recordsFollowed() {
        return followed.sum();
    }

    /** Whether following fails right now: results of this instance's lanes may not reach its polls. */
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

    /** One turn: the lanes wanted now, then one fetch. A wakeup (a new lane to visit, or close) ends it early. */
    private void step() {
        reassign();
        for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
            followed.increment();
            TopicFollower.handle(handler, record);
        }
    }

    /** Home lanes and the visited lanes asked for within a window; a lane not followed yet starts a window back. */
    private void reassign() {
        long now = System.nanoTime();
        visits.entrySet().removeIf(visit -> now - visit.getValue() > window.toNanos());
        Set<Integer> wanted = new HashSet<>(home);
        wanted.addAll(visits.keySet());
        if (!wanted.equals(assigned)) {
            try {
                follow(wanted, VISIT_LOOKUP);
            } catch (org.apache.kafka.common.errors.TimeoutException slow) {
                LOG.warn("could not find where to start reading {} partitions {} yet: {}", topic, wanted, slow.toString());
            }
        }
    }

    /** Follows {@code lanes}: a lane new to the follower from a window back, the others where they were. */
    private void follow(Set<Integer> lanes, Duration lookup) {
        Map<TopicPartition, Long> from = new HashMap<>();
        lanes.stream().filter(lane -> !assigned.contains(lane)).forEach(lane ->
                from.put(new TopicPartition(topic, lane), clock.instant().minus(window).toEpochMilli()));
        Map<TopicPartition, Long> starts = new HashMap<>();
        if (!from.isEmpty()) {
            // The end first: a result appended between the two reads is then before it, not skipped.
            Map<TopicPartition, Long> ends = consumer.endOffsets(from.keySet(), lookup);
            Map<TopicPartition, OffsetAndTimestamp> offsets = consumer.offsetsForTimes(from, lookup);
            from.keySet().forEach(p -> {
                OffsetAndTimestamp at = offsets.get(p);
                starts.put(p, at == null ? ends.get(p) : at.offset());
            });
        }
        consumer.assign(lanes.stream().map(lane -> new TopicPartition(topic, lane)).toList());
        starts.forEach(consumer::seek);
        assigned = Set.copyOf(lanes);
        LOG.debug("following {} partitions {}", topic, assigned);
    }

    @Override
    public void close() {
        loop.stop();
        TopicFollower.stop(consumer, thread);
    }
}
