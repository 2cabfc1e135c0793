package io.stagedoor.ingress.presale;

import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.topics.PresaleRecord;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Writes presale steps to the presale topic, keyed by event, and completes when the broker has them: a registration
 * is answered only once it is on the record, since the audit draws the lottery again from the record.
 */
final class PresaleJournal {

    private final Publisher publisher;
    private final String topic;

    /** @param publisher the instance's publisher, or null to record nothing (an instance without Kafka) */
    PresaleJournal(Publisher publisher, String topic) {
        this.publisher = publisher;
        this.topic = topic;
    }

    CompletionStage<Void> record(PresaleRecord step) {
        if (publisher == null) {
            return CompletableFuture.completedFuture(null);
        }
        return publisher.publish(topic, step.eventId(), "presale-" + step.kind(), step).thenApply(written -> null);
    }

    /** Records every step, completing when the broker has all of them. */
    CompletionStage<Void> recordAll(List<PresaleRecord> steps) {
        return CompletableFuture.allOf(steps.stream().map(step -> record(step).toCompletableFuture())
                .toArray(CompletableFuture[]::new));
    }
}
