package io.stagedoor.workers.checkout;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.trace.RequestLogs;
import io.stagedoor.topics.trace.Traces;
import io.stagedoor.topics.PaymentActions;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.payment.PaymentGateway;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One slot of the checkout pool: a share consumer that acquires one payment request, pays for it, produces the
 * outcome and only then, once the broker has it, accepts the record. Every call on the consumer happens on the
 * lane's own thread. A record whose outcome cannot be produced is released, so another lane pays again under
 * the same idempotency key and nobody is charged twice. The broker counts the deliveries: past the group's limit
 * (or when a lane rejects an unreadable record) it dead-letters the record, and {@link DeadLetters} answers it.
 */
final class PaymentLane implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(PaymentLane.class);
    private static final Duration POLL = Duration.ofMillis(500);

    private final String clientId;
    private final WorkerSettings settings;
    private final TopicNames topics;
    private final PaymentCaller caller;
    private final OutcomeSender outcomes;
    private final WorkerMetrics metrics;
    private volatile boolean stopping;
    private volatile boolean busy;
    private volatile KafkaShareConsumer<String, byte[]> consumer;

    PaymentLane(String clientId, WorkerSettings settings, PaymentGateway gateway, OutcomeSender outcomes,
                WorkerMetrics metrics) {
        this.clientId = clientId;
        this.settings = settings;
        this.topics = settings.topics();
        this.caller = new PaymentCaller(gateway, settings.paymentTimeout(), metrics, Clock.systemUTC());
        this.outcomes = outcomes;
        this.metrics = metrics;
    }

    boolean busy() {
        return busy;
    }

    /** Stops acquiring; the payment in progress, if any, is finished. Safe from any thread. */
    void stop() {
        stopping = true;
        KafkaShareConsumer<String, byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    @Override
    public void run() {
        KafkaShareConsumer<String, byte[]> shares = new KafkaShareConsumer<>(consumerProperties(),
                new StringDeserializer(), new ByteArrayDeserializer());
        consumer = shares;
        try {
            shares.subscribe(List.of(topics.payments()));
            while (!stopping) {
                ConsumerRecords<String, byte[]> records;
                try {
                    records = shares.poll(POLL);
                } catch (WakeupException e) {
                    continue;
                }
                boolean free = true;
                for (ConsumerRecord<String, byte[]> record : records) {
                    if (stopping || !free) {
                        // Draining, or a surplus record from a second broker: give it to another instance now.
                        shares.acknowledge(record, AcknowledgeType.RELEASE);
                        metrics.released(1);
                        continue;
                    }
                    free = false;
                    busy = true;
                    try {
                        shares.acknowledge(record, handle(record));
                    } finally {
                        busy = false;
                    }
                }
            }
        } catch (RuntimeException e) {
            LOG.error("checkout lane {} stopped", clientId, e);
        } finally {
            // Interrupted by a drain timeout: clear the flag so close() can still send the acknowledgements.
            Thread.interrupted();
            shares.close(Duration.ofSeconds(5));
        }
    }

    private AcknowledgeType handle(ConsumerRecord<String, byte[]> record) {
        String correlationId = record.key() != null ? record.key() : Headers.correlationId(record.headers());
        // the payment is a span of its request's trace, current on this thread, so the gateway call and the outcome
        // record carry it on; every log line about it has its correlation and trace ids (fields of their own in JSON)
        Span span = Traces.consuming(PaymentActions.isVoid(record.headers()) ? "void payment" : "pay", record.topic(),
                record.headers(), correlationId);
        try (Scope ignored = span.makeCurrent(); RequestLogs logs = RequestLogs.about(correlationId, span)) {
            return handle(record, correlationId);
        } finally {
            span.end();
        }
    }

    /** The gateway key a void goes under: the one its charge was made with, named in the void's body. */
    private static String voidKey(ConsumerRecord<String, byte[]> record, String correlationId) {
        try {
            return Json.read(record.value(), PaymentRequested.class).gatewayKey();
        } catch (RuntimeException unreadable) {
            return correlationId;
        }
    }

    private AcknowledgeType handle(ConsumerRecord<String, byte[]> record, String correlationId) {
        try {
            if (PaymentActions.isVoid(record.headers())) {
                caller.voidOrThrow(voidKey(record, correlationId), "the inventory could not sell the hold");
                return AcknowledgeType.ACCEPT;
            }
            PaymentRequested request;
            try {
                request = Json.read(record.value(), PaymentRequested.class);
            } catch (RuntimeException unreadable) {
                // the broker dead-letters a rejected record; DeadLetters logs and counts it there
                LOG.warn("rejecting unreadable payment request {}: {}", correlationId, unreadable.getMessage());
                return AcknowledgeType.REJECT;
            }
            outcomes.send(caller.pay(request));
            return AcknowledgeType.ACCEPT;
        } catch (InterruptedException e) {
            stopping = true;
            metrics.released(1);
            return AcknowledgeType.RELEASE;
        } catch (PaymentCaller.VoidFailedException | RuntimeException e) {
            LOG.warn("payment {} goes back to the share group (delivery {}): {}", correlationId,
                    record.deliveryCount().orElse((short) 1), e.getMessage());
            metrics.released(1);
            return AcknowledgeType.RELEASE;
        }
    }

    private Map<String, Object> consumerProperties() {
        Map<String, Object> properties = settings.kafka().baseProperties();
        properties.putAll(Map.of(
                ConsumerConfig.GROUP_ID_CONFIG, settings.shareGroupId(),
                ConsumerConfig.CLIENT_ID_CONFIG, clientId,
                ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit",
                // With record_limit the broker acquires no more than max.poll.records for one fetch.
                ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1));
        return properties;
    }
}
