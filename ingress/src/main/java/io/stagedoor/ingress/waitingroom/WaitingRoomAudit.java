package io.stagedoor.ingress.waitingroom;

import io.stagedoor.topics.connection.KafkaConnection;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.waitingroom.RoomSource;
import io.stagedoor.admission.waitingroom.RoomStep;
import io.stagedoor.admission.waitingroom.RoomSteps;
import io.stagedoor.topics.EntryLoopStep;
import io.stagedoor.topics.WaitingRoomRecord;
import io.stagedoor.topics.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes room steps to the waiting-room topic, keyed by event, the way {@code AdmissionAudit} publishes
 * decisions: a producer of its own with a small bounded buffer that never waits for room ({@code max.block.ms=0});
 * when the broker is slow, steps are dropped and counted. {@link #record} returns at once, always.
 *
 * <p>While Redis is unreachable an instance shuffles its own queue's early joiners; that shuffle is not the event's,
 * and an auditor who read it would restart the event's admission frontier, so it is published only when this
 * instance's queue is the event's only one.
 */
final class WaitingRoomAudit implements RoomSteps, AutoCloseable {

    /** Steps dropped because the buffer was full or the broker failed them. */
    static final String DROPPED = "stagedoor.ingress.waitingroom.audit.dropped";
    private static final long BUFFER_BYTES = 1024L * 1024;

    private final KafkaProducer<String, byte[]> producer;
    private final String topic;
    private final Counter dropped;
    private final boolean ownQueueIsTheEvents;

    WaitingRoomAudit(KafkaConnection kafka, String topic, MeterRegistry registry, boolean ownQueueIsTheEvents) {
        Map<String, Object> config = kafka.baseProperties();
        config.putAll(Map.of(
                ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
                ProducerConfig.LINGER_MS_CONFIG, 20,
                ProducerConfig.BUFFER_MEMORY_CONFIG, BUFFER_BYTES,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 0,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
                ProducerConfig.CLIENT_ID_CONFIG, "stagedoor-waiting-room-audit"));
        this.producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
        this.topic = topic;
        this.dropped = Counter.builder(DROPPED).register(registry);
        this.ownQueueIsTheEvents = ownQueueIsTheEvents;
        Thread.ofVirtual().name("waiting-room-audit-metadata").start(this::fetchMetadata);
    }

    /** With {@code max.block.ms=0} a send fails while the topic's metadata is unknown; fetch it once in the background. */
    private void fetchMetadata() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                producer.partitionsFor(topic);
                return;
            } catch (RuntimeException notYet) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
        }
    }

    @Override
    public void record(RoomStep step) {
        if (step.kind() == RoomStep.Kind.SHUFFLED && step.source() == RoomSource.IN_PROCESS && !ownQueueIsTheEvents) {
            return;
        }
        try {
            WaitingRoomRecord value = step.kind() == RoomStep.Kind.DRAWN
                    ? WaitingRoomRecord.drawn(step.eventId(), step.position(), step.count(), step.seed(), step.rate(),
                            step.at(), step.active(), step.maxActive())
                    : new WaitingRoomRecord(step.eventId(), step.kind().text(), step.buyerId(), step.ticket(),
                            step.position(), step.seed(), step.rate(), step.at(), step.active(), step.maxActive(),
                            step.method().text());
            send(step.eventId(), value);
        } catch (RuntimeException unwritable) {
            dropped.increment();
        }
    }

    private void send(String eventId, WaitingRoomRecord value) {
        try {
            producer.send(new ProducerRecord<>(topic, eventId, Json.write(value)), (metadata, error) -> {
                if (error != null) {
                    dropped.increment();
                }
            });
        } catch (RuntimeException bufferFullOrNoMetadata) {
            dropped.increment();
        }
    }

    /** Publishes the closed loop's move of {@code eventId}'s rate to {@code rate}, with its inputs. Never blocks. */
    void rateStep(String eventId, double rate, Instant at, EntryLoopStep step) {
        send(eventId, WaitingRoomRecord.rateStep(eventId, rate, at, step));
    }

    /** Publishes a buyer parked or released ({@link WaitingRoomRecord#parking}). Never blocks. */
    void flag(WaitingRoomRecord parking) {
        send(parking.eventId(), parking);
    }

    double dropped() {
        return dropped.count();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(1));
    }
}
