package io.stagedoor.workers.checkout;

import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.payment.PaymentGateway;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * One slot of the checkout pool: a share consumer that acquires one payment request, pays for it, produces the
 * outcome and only then, once the broker has it, accepts the record. Every call on the consumer happens on the
 * lane's own thread. A record whose outcome cannot be produced is released, so another lane pays again under
 * the same idempotency key and nobody is charged twice.
 */
final class PaymentLane implements Runnable {

    /** The dead-letter record's header that says why it was dead-lettered. */
    static final String DEAD_LETTER_REASON = "dead-letter-reason";

    /** The MDC key of the correlation id, the same in every module's logs. */
    static final String CORRELATION_ID = "correlationId";
    private static final Logger LOG = LoggerFactory.getLogger(PaymentLane.class);
    private static final Duration POLL = Duration.ofMillis(500);
    private static final long SEND_TIMEOUT_MS = 30_000;

    private final String clientId;
    private final WorkerSettings settings;
    private final TopicNames topics;
    private final PaymentCaller caller;
    private final KafkaProducer<String, byte[]> producer;
    private final WorkerMetrics metrics;
    private volatile boolean stopping;
    private volatile boolean busy;
    private volatile KafkaShareConsumer<String, byte[]> consumer;

    PaymentLane(String clientId, WorkerSettings settings, PaymentGateway gateway, KafkaProducer<String, byte[]> producer,
                WorkerMetrics metrics) {
        this.clientId = clientId;
        this.settings = settings;
        this.topics = settings.topics();
        this.caller = new PaymentCaller(gateway, settings.paymentTimeout(), metrics, Clock.systemUTC());
        this.producer = producer;
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
        // every log line about this payment carries its correlation id (a field of its own in JSON logs)
        try (MDC.MDCCloseable ignored = MDC.putCloseable(CORRELATION_ID, correlationId)) {
            return handle(record, correlationId);
        }
    }

    private AcknowledgeType handle(ConsumerRecord<String, byte[]> record, String correlationId) {
        try {
            if (PaymentActions.isVoid(record.headers())) {
                caller.voidOrThrow(correlationId, "the inventory could not sell the hold");
                return AcknowledgeType.ACCEPT;
            }
            PaymentRequested request;
            try {
                request = Json.read(record.value(), PaymentRequested.class);
            } catch (RuntimeException unreadable) {
                deadLetter(record, correlationId, "unreadable payment request: " + unreadable.getMessage());
                return AcknowledgeType.REJECT;
            }
            int deliveries = record.deliveryCount().map(Short::intValue).orElse(1);
            if (deliveries > settings.maxDeliveries()) {
                giveUp(record, request, "delivered " + deliveries + " times");
                return AcknowledgeType.ACCEPT;
            }
            send(outcomeRecord(caller.pay(request)));
            return AcknowledgeType.ACCEPT;
        } catch (InterruptedException e) {
            stopping = true;
            metrics.released(1);
            return AcknowledgeType.RELEASE;
        } catch (PaymentCaller.VoidFailedException | RuntimeException e) {
            LOG.warn("payment {} goes back to the share group: {}", correlationId, e.getMessage());
            metrics.released(1);
            return AcknowledgeType.RELEASE;
        }
    }

    /**
     * Dead-letters a request delivered too many times and tells the inventory, which answers the checkout with
     * a {@code failed} result and unpins the hold. Any charge made by an earlier delivery is voided first.
     */
    private void giveUp(ConsumerRecord<String, byte[]> record, PaymentRequested request, String reason)
            throws InterruptedException {
        metrics.deadLettered();
        String why = reason;
        try {
            caller.voidOrThrow(request.correlationId(), reason);
        } catch (PaymentCaller.VoidFailedException e) {
            why = reason + "; void not confirmed: " + e.getMessage();
            LOG.error("payment {} dead-lettered without a confirmed void: reconcile it with the gateway",
                    request.correlationId());
        }
        deadLetter(record, request.correlationId(), why);
        send(outcomeRecord(new PaymentOutcome(request.correlationId(), request.eventId(), request.holdId(),
                PaymentStatus.FAILED, null, Reasons.PAYMENT_FAILED, java.time.Instant.now())));
    }

    private void deadLetter(ConsumerRecord<String, byte[]> record, String correlationId, String reason)
            throws InterruptedException {
        LOG.warn("dead-lettering payment {}: {}", correlationId, reason);
        ProducerRecord<String, byte[]> letter = new ProducerRecord<>(topics.paymentsDeadLetter(), record.key(),
                record.value());
        if (correlationId != null) {
            Headers.putCorrelationId(letter.headers(), correlationId);
        }
        letter.headers().add(DEAD_LETTER_REASON, reason.getBytes(StandardCharsets.UTF_8));
        send(letter);
    }

    private ProducerRecord<String, byte[]> outcomeRecord(PaymentOutcome outcome) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topics.paymentOutcomes(), outcome.eventId(),
                Json.write(outcome));
        Headers.putCorrelationId(record.headers(), outcome.correlationId());
        return record;
    }

    /** Produces and waits for the broker's acknowledgement: the share record is accepted only after it. */
    private void send(ProducerRecord<String, byte[]> record) throws InterruptedException {
        try {
            producer.send(record).get(SEND_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot produce to " + record.topic() + ": " + e.getMessage(), e);
        }
    }

    private Map<String, Object> consumerProperties() {
        return Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, settings.shareGroupId(),
                ConsumerConfig.CLIENT_ID_CONFIG, clientId,
                ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit",
                // With record_limit the broker acquires no more than max.poll.records for one fetch.
                ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
    }
}
