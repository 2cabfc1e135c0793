package io.stagedoor.workers.checkout;

import io.opentelemetry.context.Context;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.trace.Traces;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkersMessages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends payment outcomes back to the inventory (keyed by event, with the correlation-id header) and waits for the
 * broker's acknowledgement, so that whoever sends one settles its own input only once the outcome is safe.
 *
 * <p>Outcomes reach the producer through one thread of the sender's own: a payment completes on whatever thread its
 * gateway answers on (the common pool for the simulated gateway), and {@code KafkaProducer#send} may block there
 * while the broker's metadata is missing. At most one outcome per lane waits for that thread.
 */
final class OutcomeSender implements AutoCloseable {

    private static final long SEND_TIMEOUT_MS = 30_000;

    private final KafkaProducer<String, byte[]> producer;
    private final TopicNames topics;
    private final ExecutorService handOff = Executors.newSingleThreadExecutor(
            task -> Thread.ofPlatform().daemon().name("checkout-outcomes").unstarted(task));

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
        return sendAsync(outcome, Context.current());
    }

    /** As {@link #sendAsync(PaymentOutcome)}, the record carrying the trace of {@code trace} (the payment's). */
    CompletableFuture<Void> sendAsync(PaymentOutcome outcome, Context trace) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topics.paymentOutcomes(), outcome.eventId(),
                Json.write(outcome));
        Headers.putCorrelationId(record.headers(), outcome.correlationId());
        Traces.carry(trace, record.headers());
        CompletableFuture<Void> taken = new CompletableFuture<>();
        try {
            handOff.execute(() -> {
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
            });
        } catch (RejectedExecutionException closed) {
            taken.completeExceptionally(refused(record, closed));
        }
        return taken.orTimeout(SEND_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(
                        error instanceof IllegalStateException ? error : refused(record, error)));
    }

    /** Stops handing outcomes to the producer, waiting up to 5 s for the one being handed; close the producer after. */
    @Override
    public void close() {
        handOff.shutdown();
        try {
            handOff.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static IllegalStateException refused(ProducerRecord<String, byte[]> record, Throwable error) {
        return new IllegalStateException(WorkersMessages.cannotProduce(record.topic(), String.valueOf(error.getMessage())),
                error);
    }
}
