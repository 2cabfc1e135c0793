package io.stagedoor.ingress.audit;

import io.stagedoor.topics.connection.KafkaConnection;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.topics.AdmissionRecord;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.json.Json;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes admission decisions to the admissions topic with a producer of its own whose buffer is small and
 * bounded ({@code buffer.memory}) and which never waits for room ({@code max.block.ms=0}): when the broker is slow
 * the buffer fills and further records are dropped and counted. {@link #record} returns at once, always.
 */
public final class AdmissionAudit implements AutoCloseable {

    /** Records dropped because the audit buffer was full or the broker failed them. */
    public static final String DROPPED = "stagedoor.ingress.audit.dropped";
    /** Bytes the audit producer may buffer. */
    public static final long BUFFER_BYTES = 4L * 1024 * 1024;

    private final KafkaProducer<String, byte[]> producer;
    private final String topic;
    private final Counter dropped;

    public AdmissionAudit(KafkaConnection kafka, String topic, MeterRegistry registry) {
        Map<String, Object> config = kafka.baseProperties();
        config.putAll(Map.of(
                ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
                ProducerConfig.LINGER_MS_CONFIG, 20,
                ProducerConfig.BUFFER_MEMORY_CONFIG, BUFFER_BYTES,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 0,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
                ProducerConfig.CLIENT_ID_CONFIG, "stagedoor-audit"));
        this.producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
        this.topic = topic;
        this.dropped = Counter.builder(DROPPED).register(registry);
        Thread.ofVirtual().name("audit-metadata").start(this::fetchMetadata);
    }

    /**
     * With {@code max.block.ms=0} a send fails while the topic's metadata is unknown; fetch it once in the
     * background so the first decisions are not dropped.
     */
    private void fetchMetadata() {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                producer.partitionsFor(topic);
                return;
            } catch (RuntimeException notYet) {
                java.util.concurrent.locks.LockSupport.parkNanos(50_000_000);
            }
        }
    }

    /** Hands the record to the producer, or drops and counts it; never blocks. */
    public void record(AdmissionRecord decision) {
        try {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, decision.key(), Json.write(decision));
            if (decision.correlationId() != null) {
                Headers.putCorrelationId(record.headers(), decision.correlationId());
            }
            producer.send(record, (metadata, error) -> {
                if (error != null) {
                    dropped.increment();
                }
            });
        } catch (RuntimeException bufferFullOrNoMetadata) {
            dropped.increment();
        }
    }

    public double dropped() {
        return dropped.count();
    }

    @Override
    public void close() {
        producer.close(java.time.Duration.ofSeconds(1));
    }
}
