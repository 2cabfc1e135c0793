package io.stagedoor.ingress.holds;

import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.results.DecidedRequests;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.trace.Traces;
import io.opentelemetry.context.Context;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * What happens to a hold that passed every ring, wherever it was decided (the front stage or Jersey): its correlation
 * id from its {@code Idempotency-Key} ({@link IdempotentRequests}, without waiting for Redis), a replay of an id the
 * pipeline already decided answered with that id (or 410 past the results window) and not published again, any
 * other published keyed by event id. The stage completes on the thread that heard the broker's acknowledgement, and
 * fails with the problem of a malformed or reused key, a key Redis cannot judge, or a replay too old.
 *
 * <p>The publish is started on a virtual thread of its own: the producer may wait for broker metadata (at most its
 * {@code max.block.ms}), and the thread that decided the hold may be one that parses requests or hears Redis.
 */
public final class HoldAcceptance {

    private static final Executor PUBLISHING = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("publish-hold-", 0).factory());

    private final Publisher publisher;
    private final TopicNames topics;
    private final IdempotentRequests ids;
    private final DecidedRequests decided;
    private final IngressMetrics metrics;
    private final Clock clock;

    public HoldAcceptance(Publisher publisher, TopicNames topics, IdempotentRequests ids, DecidedRequests decided,
                          IngressMetrics metrics, Clock clock) {
        this.publisher = publisher;
        this.topics = topics;
        this.ids = ids;
        this.decided = decided;
        this.metrics = metrics;
        this.clock = clock;
    }

    /**
     * The hold of {@code seats} in {@code eventId} by {@code buyer}, published unless its id was decided already; the
     * record carries the request's {@code trace}.
     */
    public CompletableFuture<Accepted.Outcome> accept(String buyer, String eventId, List<String> seats,
                                                      String idempotencyKey, Context trace) {
        return ids.correlationIdLater(buyer, idempotencyKey, new IdempotentRequests.HoldContent("holds", eventId, seats))
                .thenComposeAsync(correlationId -> {
                    Traces.correlated(trace, correlationId);
                    Optional<String> replayOf = decided.decided(correlationId, buyer);
                    if (replayOf.isPresent()) {
                        return CompletableFuture.completedFuture(Accepted.Outcome.pending(replayOf.get()));
                    }
                    HoldRequested hold = new HoldRequested(correlationId, eventId, buyer, seats, clock.instant());
                    return Accepted.outcome(publisher.publish(topics.holds(), eventId, correlationId, hold, trace),
                            correlationId, "holds", metrics, () -> { });
                }, PUBLISHING);
    }
}
