package io.stagedoor.workers.checkout;

import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkersMessages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends payment outcomes back to the inventory (keyed by event, with the correlation-id header) and waits for the
 * broker's acknowledgement, so that whoever sends one settles its own input only once the outcome is safe.
 */
final class OutcomeSender {

    private static final long SEND_TIMEOUT_MS = 30_000;

    private final KafkaProducer<String, byte[]> producer;
    private final TopicNames topics;

    OutcomeSender(KafkaProducer<String, byte[]> producer, TopicNames topics) {
        this.producer = producer;
        this.topics = topics;
    }

    /**
     * Produces {@code outcome} and waits for the broker to take it.
     *
     * @throws IllegalStateException when the broker did not take it within 30 s
     */
    void send(PaymentOutcome outcome) throws InterruptedException {
        try {
            sendAsync(outcome).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IllegalStateException refused ? refused : new IllegalStateException(e.getCause());
        }
    }

    /**
     * Produces {@code outcome}; the stage completes once the broker has taken it, or exceptionally with an
     * {@link IllegalStateException} when it did not within 30 s. Holds no thread while it waits.
     */
    CompletableFuture<Void> sendAsync(PaymentOutcome outcome) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topics.paymentOutcomes(), outcome.eventId(),
                Json.write(outcome));
        Headers.putCorrelationId(record.headers(), outcome.correlationId());
        CompletableFuture<Void> taken = new CompletableFuture<>();
        try {
            producer.send(record, (metadata, error) -> {
                if (error == null) {
                    taken.complete(null);
                } else {
                    taken.completeExceptionally(refused(record, error));
                }
            });
        } catch (RuntimeException e) {
            taken.completeExceptionally(refused(record, e));
        }
        return taken.orTimeout(SEND_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(
                        error instanceof IllegalStateException ? error : refused(record, error)));
    }

    private static IllegalStateException refused(ProducerRecord<String, byte[]> record, Throwable error) {
        return new IllegalStateException(WorkersMessages.cannotProduce(record.topic(), String.valueOf(error.getMessage())),
                error);
    }
}
