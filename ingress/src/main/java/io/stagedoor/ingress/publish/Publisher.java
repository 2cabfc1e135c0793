package io.stagedoor.ingress.publish;

import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.json.Json;
import io.stagedoor.topics.trace.Traces;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes records to the topics with {@code acks=all} and an idempotent producer, and completes only when the
 * broker acknowledged: the ingress never answers 202 for a record the broker did not take. How long a send may
 * wait for a broker is bounded ({@code max.block.ms}, {@code delivery.timeout.ms}), so an unreachable broker
 * becomes a fast 503, not a hung request. Thread-safe; one per ingress instance.
 */
public final class Publisher implements AutoCloseable {

    private final KafkaProducer<String, byte[]> producer;
    /**
     * Completes acknowledgements off the producer's network thread: what a caller chains on them (resuming and
     * writing an HTTP response) would otherwise run on the one thread that sends every produce request.
     */
    private final java.util.concurrent.ExecutorService completions =
            java.util.concurrent.Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("publish-ack-", 0).factory());

    /** A publisher to {@code bootstrapServers} over PLAINTEXT. */
    public Publisher(String bootstrapServers, Duration maxBlock, Duration deliveryTimeout) {
        this(KafkaConnection.plaintext(bootstrapServers), maxBlock, deliveryTimeout);
    }

    public Publisher(KafkaConnection kafka, Duration maxBlock, Duration deliveryTimeout) {
        long requestTimeout = Math.max(500, deliveryTimeout.toMillis() - 100);
        Map<String, Object> config = kafka.baseProperties();
        config.putAll(Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 1,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, maxBlock.toMillis(),
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.min(requestTimeout, deliveryTimeout.toMillis() - 1),
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) deliveryTimeout.toMillis(),
                ProducerConfig.CLIENT_ID_CONFIG, "stagedoor-ingress"));
        this.producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }

    /** Sends {@code value} as JSON, in a trace of its own; see {@link #publish(String, String, String, Object, Context)}. */
    public CompletableFuture<RecordMetadata> publish(String topic, String key, String correlationId, Object value) {
        return publish(topic, key, correlationId, value, Context.root());
    }

    /**
     * Sends {@code value} as JSON; the future completes when the broker acknowledged, or fails. The record carries
     * the trace of {@code trace} (the request's) through a producer span that ends with the acknowledgement.
     */
    public CompletableFuture<RecordMetadata> publish(String topic, String key, String correlationId, Object value,
                                                     Context trace) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, Json.write(value));
        Headers.putCorrelationId(record.headers(), correlationId);
        Span span = Traces.producing(trace, topic, correlationId);
        Context traced = trace.with(span);
        Traces.carry(traced, record.headers());
        CompletableFuture<RecordMetadata> acknowledged = new CompletableFuture<>();
        try {
            producer.send(record, (metadata, error) -> completions.execute(() -> {
                ended(span, error);
                // what the caller chains runs in the request's trace (its log lines carry the trace id)
                try (Scope ignored = traced.makeCurrent()) {
                    if (error != null) {
                        acknowledged.completeExceptionally(error);
                    } else {
                        acknowledged.complete(metadata);
                    }
                }
            }));
        } catch (RuntimeException e) {
            ended(span, e);
            acknowledged.completeExceptionally(e);
        }
        return acknowledged;
    }

    private static void ended(Span span, Throwable error) {
        if (error != null) {
            span.setStatus(StatusCode.ERROR, error.getClass().getSimpleName());
        }
        span.end();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(2));
        completions.shutdown();
    }
}
