package io.stagedoor.workers.checkout;

import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentActions;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.connection.ConsumerGroupProtocol;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerSettings;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers what the checkout share group gave up on. The broker dead-letters a payment request once its deliveries
 * reach the group's limit (lanes that failed, released it or died holding it) or a lane rejected it as unreadable;
 * nobody will pay for it any more, so this reader sends a {@code failed} outcome for it. The inventory then answers
 * the checkout, unpins the hold and voids whatever an earlier delivery may have charged. A dead-lettered void cannot
 * be retried by anyone: it is logged as an error, to be reconciled with the gateway.
 *
 * <p>One consumer of the dead-letter topic per pool instance, in a group of their own, on a thread of its own. A
 * record's offset is committed only after its outcome was acknowledged, so a crash repeats an outcome (the
 * inventory ignores a second one for the same checkout) and never loses one.
 */
final class DeadLetters implements AutoCloseable {

    /** The header in which the broker says why it dead-lettered a record. */
    private static final String REASON_HEADER = "__dlq.errors.message";
    private static final Logger LOG = LoggerFactory.getLogger(DeadLetters.class);
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration RESTART_PAUSE = Duration.ofSeconds(1);
    /** How long the reader waits for the cluster to say which group protocols it offers. */
    private static final Duration PROTOCOL_QUESTION = Duration.ofSeconds(10);

    private final WorkerSettings settings;
    private final OutcomeSender outcomes;
    private final WorkerMetrics metrics;
    private final Clock clock;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile KafkaConsumer<String, byte[]> consumer;

    private DeadLetters(WorkerSettings settings, OutcomeSender outcomes, WorkerMetrics metrics, Clock clock) {
        this.settings = settings;
        this.outcomes = outcomes;
        this.metrics = metrics;
        this.clock = clock;
        this.thread = Thread.ofPlatform().daemon().name("checkout-dead-letters").unstarted(this::run);
    }

    /** Starts reading the dead-letter topic on a thread of its own. */
    static DeadLetters start(WorkerSettings settings, OutcomeSender outcomes, WorkerMetrics metrics, Clock clock) {
        DeadLetters reader = new DeadLetters(settings, outcomes, metrics, clock);
        reader.thread.start();
        return reader;
    }

    /** Stops reading and waits up to 5 s for the record being answered. */
    @Override
    public void close() {
        stopping = true;
        KafkaConsumer<String, byte[]> current = consumer;
        if (current != null) {
            // harmless on a consumer the reader has just closed: Kafka's wakeup only sets a flag and wakes a selector
            current.wakeup();
        }
        try {
            thread.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Reads until closed. A failure of the consumer itself (a commit refused after a rebalance, the broker away
     * past the client's timeouts) starts a new consumer after a second, from the last committed record, so no
     * dead letter is skipped and the reader never stops for good while the pool runs. The group speaks the
     * {@code consumer} protocol where the cluster offers it; a cluster that refuses it on the first poll gets a new
     * consumer on {@code classic} at once ({@link ConsumerGroupProtocol}).
     */
    private void run() {
        ConsumerGroupProtocol protocol = ConsumerGroupProtocol.forCluster(settings.kafka(), PROTOCOL_QUESTION);
        while (!stopping) {
            try (KafkaConsumer<String, byte[]> letters = new KafkaConsumer<>(consumerProperties(protocol),
                    new StringDeserializer(), new ByteArrayDeserializer())) {
                consumer = letters;
                letters.subscribe(List.of(settings.topics().paymentsDeadLetter()));
                while (!stopping) {
                    answer(letters, letters.poll(POLL));
                }
            } catch (WakeupException e) {
                // close() was called: the loop condition ends the reader
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                if (protocol.fallBackIfRefused(e)) {
                    continue;
                }
                LOG.warn("the dead-letter reader of {} starts again from its last commit: {}",
                        settings.shareGroupId(), e.toString());
                if (!pause(RESTART_PAUSE)) {
                    return;
                }
            }
        }
    }

    private static boolean pause(Duration pause) {
        try {
            Thread.sleep(pause);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Answers each partition's records in order. When an outcome cannot be sent, the partition is rewound to that
     * record, to be read again at the next poll; what was answered before it is committed.
     */
    private void answer(KafkaConsumer<String, byte[]> letters, ConsumerRecords<String, byte[]> records)
            throws InterruptedException {
        for (TopicPartition partition : records.partitions()) {
            for (ConsumerRecord<String, byte[]> record : records.records(partition)) {
                try {
                    answer(record);
                } catch (IllegalStateException e) {
                    LOG.warn("cannot answer dead-lettered payment {} yet: {}", record.key(), e.getMessage());
                    letters.seek(partition, record.offset());
                    break;
                }
                letters.commitSync(Map.of(partition, new OffsetAndMetadata(record.offset() + 1)));
            }
        }
    }

    private void answer(ConsumerRecord<String, byte[]> record) throws InterruptedException {
        String correlationId = record.key() != null ? record.key() : Headers.correlationId(record.headers());
        String reason = reason(record);
        PaymentRequested request;
        try {
            request = Json.read(record.value(), PaymentRequested.class);
        } catch (RuntimeException unreadable) {
            metrics.deadLettered("unreadable");
            LOG.error("an unreadable payment request {} was dead-lettered ({}): {}", correlationId, reason,
                    unreadable.getMessage());
            return;
        }
        // The broker does not copy the original's headers, so the void is known by its body here.
        if (PaymentActions.isVoid(request)) {
            metrics.deadLettered("void");
            LOG.error("the void of payment {} was dead-lettered ({}): reconcile it with the gateway", correlationId,
                    reason);
            return;
        }
        LOG.warn("payment {} was dead-lettered ({}): its checkout fails", correlationId, reason);
        outcomes.send(PaymentOutcome.of(request, PaymentStatus.FAILED, null, Reasons.PAYMENT_FAILED, clock.instant()));
        metrics.deadLettered("payment");
    }

    private static String reason(ConsumerRecord<String, byte[]> record) {
        Header header = record.headers().lastHeader(REASON_HEADER);
        return header == null ? "no reason given" : new String(header.value(), StandardCharsets.UTF_8).trim();
    }

    /** The group the readers of one share group's dead letters share. */
    static String groupId(WorkerSettings settings) {
        return settings.shareGroupId() + "-dead-letters";
    }

    private Map<String, Object> consumerProperties(ConsumerGroupProtocol protocol) {
        Map<String, Object> properties = protocol.consumerProperties(groupId(settings));
        properties.putAll(Map.of(
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 100));
        return properties;
    }
}
