package io.stagedoor.workers.checkout;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * lane's own thread, which waits on the payment in slices of a third of the record's acquisition lock and renews
 * the lock between them ({@link AcknowledgeType#RENEW}), so a gateway slower than the lock keeps its record and
 * no other lane is handed it. A record that comes back anyway joins the work still running or just settled in
 * this instance ({@link PaymentsInFlight}) instead of calling the gateway again; on another instance it calls
 * again under the same idempotency key, which charges nothing twice. A record whose outcome cannot be produced is
 * released, so another lane pays again under the same idempotency key and nobody is charged twice. The broker counts the deliveries: past the group's limit
 * (or when a lane rejects an unreadable record) it dead-letters the record, and {@link DeadLetters} answers it.
 */
final class PaymentLane implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(PaymentLane.class);
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration RENEWED_POLL = Duration.ofMillis(50);
    /** How often a lane renews the lock of a record whose payment is still running, per lock duration. */
    static final int RENEWALS_PER_LOCK = 3;

    private final String clientId;
    private final WorkerSettings settings;
    private final TopicNames topics;
    private final PaymentCaller caller;
    private final OutcomeSender outcomes;
    private final PaymentsInFlight inFlight;
    private final WorkerMetrics metrics;
    private volatile boolean stopping;
    private volatile boolean busy;
    private volatile KafkaShareConsumer<String, byte[]> consumer;

    PaymentLane(String clientId, WorkerSettings settings, PaymentGateway gateway, OutcomeSender outcomes,
                PaymentsInFlight inFlight, WorkerMetrics metrics) {
        this.clientId = clientId;
        this.settings = settings;
        this.topics = settings.topics();
        this.caller = new PaymentCaller(gateway, settings.paymentTimeout(), metrics, Clock.systemUTC());
        this.outcomes = outcomes;
        this.inFlight = inFlight;
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
        shares.setAcknowledgementCommitCallback((offsets, error) -> {
            if (error != null) {
                // the lock ran out first: the record went, or goes, to another delivery
                LOG.debug("checkout lane {} could not acknowledge {}: {}", clientId, offsets, error.toString());
            }
        });
        Payment payment = null;
        try {
            shares.subscribe(List.of(topics.payments()));
            while (!stopping || payment != null) {
                ConsumerRecords<String, byte[]> records;
                try {
                    // while a payment runs, the poll only brings its renewed record back: no need to wait long
                    records = shares.poll(payment == null ? POLL : RENEWED_POLL);
                } catch (WakeupException e) {
                    continue;
                }
                for (ConsumerRecord<String, byte[]> record : records) {
                    if (payment != null && payment.is(record)) {
                        // the lock was renewed: the same delivery comes back, not a new one to pay for
                        payment.held = true;
                    } else if (payment == null && !stopping) {
                        payment = start(record);
                    } else {
                        // Draining, or a surplus record from a second broker: give it to another instance now.
                        shares.acknowledge(record, AcknowledgeType.RELEASE);
                        metrics.released(1);
                    }
                }
                busy = payment != null;
                if (payment != null && settleOrRenew(shares, payment)) {
                    payment = null;
                    busy = false;
                }
            }
        } catch (RuntimeException e) {
            LOG.error("checkout lane {} stopped", clientId, e);
        } finally {
            busy = false;
            // Interrupted by a drain timeout: clear the flag so close() can still send the acknowledgements.
            Thread.interrupted();
            shares.close(Duration.ofSeconds(5));
        }
    }

    /**
     * Waits for the payment up to a third of the record's acquisition lock. Done: acknowledges the record as its work
     * says and returns true. Still running: renews the lock (the next poll brings the record back) and returns false.
     * A record that did not come back after a renewal was lost to this lane (its lock ran out first); its work still
     * finishes here, and a delivery of it to any lane of this instance joins that work ({@link PaymentsInFlight}).
     */
    private boolean settleOrRenew(KafkaShareConsumer<String, byte[]> shares, Payment payment) {
        Duration lock = shares.acquisitionLockTimeoutMs().map(Duration::ofMillis).orElse(settings.recordLock());
        if (!payment.held && System.nanoTime() - payment.renewedAt < lock.toNanos()) {
            // A renewal is on its way: the record comes back on one of the next polls, and only then may the lane
            // acknowledge (or renew) it again. Past a whole lock without it, the record went to another delivery.
            if (Thread.interrupted()) {
                // the drain timeout passed: stop waiting; closing the consumer releases the record
                stopping = true;
                metrics.released(1);
                return true;
            }
            return false;
        }
        AcknowledgeType done;
        try {
            done = payment.work.result().get(lock.dividedBy(RENEWALS_PER_LOCK).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException stillRunning) {
            if (payment.held) {
                shares.acknowledge(payment.record, AcknowledgeType.RENEW);
                // sent now, not with the next fetch, which may wait at the broker for records first
                shares.commitAsync();
                payment.held = false;
                payment.renewedAt = System.nanoTime();
                payment.renewals++;
            }
            return false;
        } catch (InterruptedException e) {
            // the drain timeout passed: give the record back rather than wait for the payment
            stopping = true;
            done = AcknowledgeType.RELEASE;
            metrics.released(1);
        } catch (ExecutionException e) {
            done = AcknowledgeType.RELEASE; // never: PaymentsInFlight completes every work normally
        }
        if (payment.held) {
            shares.acknowledge(payment.record, done);
        } else {
            LOG.debug("payment {} settled after its record went to another delivery ({} renewals)",
                    payment.record.key(), payment.renewals);
        }
        return true;
    }

    /** Starts the work of a newly acquired record, or joins the same work already in flight or settled here. */
    private Payment start(ConsumerRecord<String, byte[]> record) {
        String correlationId = record.key() != null ? record.key() : Headers.correlationId(record.headers());
        // the payment is a span of its request's trace, current while its work starts, so the gateway call and the
        // outcome record carry it on; every log line about it has its correlation and trace ids (fields of their own
        // in JSON logs)
        Span span = Traces.consuming(PaymentActions.isVoid(record.headers()) ? "void payment" : "pay", record.topic(),
                record.headers(), correlationId);
        try (Scope ignored = span.makeCurrent(); RequestLogs logs = RequestLogs.about(correlationId, span)) {
            int delivery = record.deliveryCount().map(Short::intValue).orElse(1);
            if (delivery > 1) {
                metrics.redelivered();
            }
            PaymentsInFlight.Work work = work(record, correlationId, span);
            work.result().whenComplete((done, error) -> span.end());
            if (work.joined()) {
                LOG.info("payment {} came back (delivery {}) while its work runs or just settled here: joining it, "
                        + "not calling the gateway again", correlationId, delivery);
            }
            return new Payment(record, work);
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

    private PaymentsInFlight.Work work(ConsumerRecord<String, byte[]> record, String correlationId, Span span) {
        if (PaymentActions.isVoid(record.headers())) {
            String key = voidKey(record, correlationId);
            return inFlight.claim("void " + key, () -> settled(correlationId, record, span,
                    caller.voidCharge(key, "the inventory could not sell the hold")));
        }
        PaymentRequested request;
        try {
            request = Json.read(record.value(), PaymentRequested.class);
        } catch (RuntimeException unreadable) {
            // the broker dead-letters a rejected record; DeadLetters logs and counts it there
            LOG.warn("rejecting unreadable payment request {}: {}", correlationId, unreadable.getMessage());
            return new PaymentsInFlight.Work(CompletableFuture.completedFuture(AcknowledgeType.REJECT), false);
        }
        // the outcome is sent from the thread the gateway answered on: it carries the payment's trace explicitly
        Context traced = Context.current();
        return inFlight.claim("charge " + request.gatewayKey(), () -> settled(correlationId, record, span,
                caller.pay(request).thenCompose(outcome -> outcomes.sendAsync(outcome, traced))));
    }

    /**
     * Accepts the record once its work is done (the outcome safe at the broker, or the void confirmed); releases it
     * when the work failed, so another lane tries again under the same idempotency key.
     */
    private CompletableFuture<AcknowledgeType> settled(String correlationId, ConsumerRecord<String, byte[]> record,
                                                       Span span, CompletableFuture<?> work) {
        return work.handle((done, error) -> {
            if (error == null) {
                return AcknowledgeType.ACCEPT;
            }
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            try (RequestLogs logs = RequestLogs.about(correlationId, span)) {
                LOG.warn("payment {} goes back to the share group (delivery {}): {}", correlationId,
                        record.deliveryCount().orElse((short) 1), cause.getMessage());
            }
            metrics.released(1);
            return AcknowledgeType.RELEASE;
        });
    }

    /** The record a lane holds and the work it waits on. Only the lane's thread touches it. */
    private static final class Payment {

        final ConsumerRecord<String, byte[]> record;
        final PaymentsInFlight.Work work;
        /** Whether the last poll returned the record, so the lane may acknowledge it. */
        boolean held = true;
        long renewedAt;
        int renewals;

        Payment(ConsumerRecord<String, byte[]> record, PaymentsInFlight.Work work) {
            this.record = record;
            this.work = work;
        }

        boolean is(ConsumerRecord<String, byte[]> other) {
            return record.topic().equals(other.topic()) && record.partition() == other.partition()
                    && record.offset() == other.offset();
        }
    }

    private Map<String, Object> consumerProperties() {
        Map<String, Object> properties = settings.kafka().baseProperties();
        // an operator's group.protocol is for consumer groups; a share consumer refuses to start with one
        properties.remove(ConsumerConfig.GROUP_PROTOCOL_CONFIG);
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
