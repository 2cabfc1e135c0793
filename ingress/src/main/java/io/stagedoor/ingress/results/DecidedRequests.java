package io.stagedoor.ingress.results;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.ids.CorrelationIds;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether a POST's correlation id was already decided by the pipeline, read on any instance without shared state:
 * its result is in this instance's view (the answer is the id, whose result the client reads), or the id is older
 * than the results window, so the pipeline decided it long ago and its result is no longer served (410). An id's
 * age is in the id itself ({@link CorrelationIds}; an id derived from an {@code Idempotency-Key} carries the time the
 * key was first accepted), so this holds no memory per request. A request found decided takes no permit, no
 * long-poll slot and is not published again (decision 0021).
 */
public final class DecidedRequests {

    private final ResultsView view;
    private final CorrelationIds ids;
    private final Clock clock;

    public DecidedRequests(ResultsView view, CorrelationIds ids, Clock clock) {
        this.view = view;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * {@code correlationId} if the pipeline already decided it and this instance has the result; empty when it is
     * not decided as far as anyone can tell (new, or pending within the window).
     *
     * @throws ProblemException 410 when the id is older than the results window and its result is not here
     */
    public Optional<String> decided(String correlationId, String principal) {
        if (view.find(correlationId).isPresent()) {
            return Optional.of(correlationId);
        }
        if (olderThanWindow(correlationId, principal)) {
            throw ProblemException.of(ProblemType.GONE, IngressMessages.requestGone(view.window().toString()));
        }
        return Optional.empty();
    }

    /** Whether the result of {@code correlationId} is in this instance's view. */
    public boolean resultHere(String correlationId) {
        return view.find(correlationId).isPresent();
    }

    private boolean olderThanWindow(String correlationId, String principal) {
        Optional<Instant> issued = ids.issuedAt(correlationId, principal);
        return issued.isPresent() && !issued.get().equals(CorrelationIds.UNKNOWN_TIME)
                && issued.get().plus(view.window()).isBefore(clock.instant());
    }
}
