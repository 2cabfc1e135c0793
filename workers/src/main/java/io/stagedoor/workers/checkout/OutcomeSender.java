package io.stagedoor.workers.checkout;

import io.opentelemetry.context.Context;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.trace.Traces;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkersMessages;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topics.paymentOutcomes(), outcome.eventId(),
                Json.write(outcome));
        Headers.putCorrelationId(record.headers(), outcome.correlationId());
        Traces.carry(Context.current(), record.headers()); // the payment's span, on the lane's thread
        try {
            producer.send(record).get(SEND_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(WorkersMessages.cannotProduce(record.topic(), e.getMessage()), e);
        }
    }
}
