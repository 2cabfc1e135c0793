package io.stagedoor.ingress.checkout;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.util.Optional;
import org.glassfish.grizzly.http.server.Request;

/**
 * The look a checkout takes at the checkout bound before anything that costs: when the bound is full, a checkout of a
 * hold this instance knows as live is shed at once ({@code 503}, {@code Retry-After: 2}), before its token is checked,
 * its body read, Redis asked about its key or the buyer's limit charged. It takes nothing and reads only this
 * instance's memory. A checkout of a hold not live here goes on: it may be the replay of one the pipeline decided
 * (its hold sold since), which takes no permit and is answered with its id, or a hold this instance has not caught
 * up with, which takes its permit only once the hold shows up (decision 0030).
 *
 * <p>Full counts the permits out and the checkouts on their way to one: a checkout the front stage lets on to
 * Jersey is <em>passing</em> until it reaches the bound's ring (or ends), so a volley of checkouts arriving at once
 * lets as many through as there are permits and sheds the rest in the front, instead of sending them all through
 * the buyer limit to find the bound full there. A buyer has at most {@link #PASSING_PER_BUYER} checkouts counted as
 * passing; more go on uncounted, so no buyer can make the bound look full alone. Only a checkout whose body has
 * arrived whole is counted (the front decides it), so a body that dribbles holds no place in the count.
 */
public final class FullBound {

    /** Checkouts of one buyer counted as passing at once. */
    public static final int PASSING_PER_BUYER = 2;
    private static final String PASSING = FullBound.class.getName() + ".passing";
    private static final String LOOKED = FullBound.class.getName() + ".looked";

    private final CheckoutPermits permits;
    private final SeatMap seatMap;
    private final IngressMetrics metrics;
    private final ConcurrencyBound passing;
    private final KeyedConcurrencyBound passingPerBuyer;

    public FullBound(CheckoutPermits permits, SeatMap seatMap, IngressMetrics metrics) {
        this.permits = permits;
        this.seatMap = seatMap;
        this.metrics = metrics;
        this.passing = new ConcurrencyBound("checkouts-passing", permits.bound().limit());
        this.passingPerBuyer = new KeyedConcurrencyBound("checkouts-passing-per-buyer", PASSING_PER_BUYER);
    }

    /** Checkouts counted as passing now. */
    public int passing() {
        return passing.inUse();
    }

    /** Whether the permits out and the checkouts passing fill the bound now. */
    public boolean full() {
        return permits.bound().inUse() + passing.inUse() >= permits.bound().limit();
    }

    /** The shed of a checkout of {@code holdId} that finds the bound full; empty when it goes on. */
    public Optional<ProblemException> shed(String holdId) {
        if (!full() || seatMap.eventOfLiveHold(holdId).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ProblemException(CheckoutBoundRing.full(permits, metrics)));
    }

    /**
     * The look in the front stage for a checkout of {@code holdId} by the buyer {@code buyerKey}: the shed, or the
     * checkout counted as passing (within the buyer's share of passing) until {@link Look#passed} runs.
     */
    public Look look(String holdId, String buyerKey) {
        Optional<ProblemException> shed = shed(holdId);
        if (shed.isPresent()) {
            return new Look(shed.get(), () -> { });
        }
        Optional<Permit> buyers = passingPerBuyer.tryAcquire(buyerKey);
        if (buyers.isEmpty()) {
            return new Look(null, () -> { });
        }
        Optional<Permit> counted = passing.tryAcquire();
        if (counted.isEmpty()) {
            buyers.get().release();
            return new Look(null, () -> { });
        }
        Permit buyer = buyers.get();
        Permit one = counted.get();
        return new Look(null, () -> {
            one.release();
            buyer.release();
        });
    }

    /**
     * What the front's look found: the shed, or null and what ends the checkout's passing (idempotent).
     */
    public record Look(ProblemException shed, Runnable passed) {

        /**
         * Marks {@code request} as looked at, so Jersey's look does not look again, and ends its passing when it
         * reaches the bound's ring or Grizzly finishes it, whichever comes first.
         */
        public void attach(Request request) {
            request.setAttribute(LOOKED, Boolean.TRUE);
            request.setAttribute(PASSING, passed);
            request.addAfterServiceListener(done -> passed.run());
        }
    }

    /** Whether the front stage already looked at {@code request}. */
    static boolean looked(Request request) {
        return request.getAttribute(LOOKED) != null;
    }

    /** {@code request} reached the bound's ring: it no longer counts as passing. */
    static void arrived(Request request) {
        if (request.getAttribute(PASSING) instanceof Runnable passed) {
            passed.run();
        }
    }
}
