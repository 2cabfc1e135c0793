package io.stagedoor.ingress.checkout;

import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.util.Optional;

/**
 * The look a checkout takes at the checkout bound before anything that costs: when every permit is out, a checkout of
 * a hold this instance knows as live is shed at once ({@code 503}, {@code Retry-After: 2}), before its body is read,
 * before Redis is asked about its key and before the buyer's limit is charged. It takes nothing and reads only this
 * instance's memory. A checkout of a hold not live here goes on: it may be the replay of one the pipeline decided
 * (its hold sold since), which takes no permit and is answered with its id, or a hold this instance has not caught
 * up with, which takes its permit only once the hold shows up (decision 0030).
 */
public final class FullBound {

    private final CheckoutPermits permits;
    private final SeatMap seatMap;
    private final IngressMetrics metrics;

    public FullBound(CheckoutPermits permits, SeatMap seatMap, IngressMetrics metrics) {
        this.permits = permits;
        this.seatMap = seatMap;
        this.metrics = metrics;
    }

    /** Whether every permit is out now. */
    public boolean full() {
        return permits.bound().inUse() >= permits.bound().limit();
    }

    /** The shed of a checkout of {@code holdId} that finds the bound full; empty when it goes on. */
    public Optional<ProblemException> shed(String holdId) {
        if (!full() || seatMap.eventOfLiveHold(holdId).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ProblemException(CheckoutBoundRing.full(permits, metrics)));
    }
}
