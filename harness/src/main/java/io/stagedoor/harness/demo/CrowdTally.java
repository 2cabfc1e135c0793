package io.stagedoor.harness.demo;

import io.stagedoor.client.Answer;
import io.stagedoor.client.CallListener;
import io.stagedoor.client.CallStats;
import io.stagedoor.client.Operation;
import io.stagedoor.harness.load.LatencySamples;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the demo's clients saw, counted as it happens: read live by the progress line and at the end by the report.
 * As a {@link CallListener} it counts every 429 and 503 answer the clients got and whether each call honoured the
 * {@code Retry-After} it was given. Thread-safe.
 */
final class CrowdTally implements CallListener {

    final AtomicLong arrived = new AtomicLong();
    final AtomicLong passes = new AtomicLong();
    final AtomicLong neverAdmitted = new AtomicLong();
    /** Admitted buyers who left the room without buying, giving their slot back. */
    final AtomicLong left = new AtomicLong();
    final AtomicLong holdsAccepted = new AtomicLong();
    final AtomicLong holdCalls = new AtomicLong();
    final AtomicLong holdCallsRateLimited = new AtomicLong();
    final AtomicLong checkoutsAccepted = new AtomicLong();
    /** Checkouts the clients asked for, each however many requests it took. */
    final AtomicLong checkoutCalls = new AtomicLong();
    /** Checkout requests the clients sent: the first of each checkout and its retries after a 503 or a 429. */
    final AtomicLong checkoutRequests = new AtomicLong();
    final AtomicLong held = new AtomicLong();
    final AtomicLong seatsHeld = new AtomicLong();
    final AtomicLong orders = new AtomicLong();
    final AtomicLong seatsSold = new AtomicLong();
    final AtomicLong declined = new AtomicLong();
    final AtomicLong requestsRefused = new AtomicLong();
    final AtomicLong withoutResult = new AtomicLong();
    final AtomicLong rateLimited = new AtomicLong();
    final AtomicLong overloaded = new AtomicLong();
    /** HTTP requests sent by buyers, the script and the gate, retries and polls included. */
    final AtomicLong requests = new AtomicLong();
    final AtomicLong unanswered = new AtomicLong();
    final AtomicLong retryAfterWaits = new AtomicLong();
    final AtomicLong retryAfterBroken = new AtomicLong();
    final AtomicLong scansAdmitted = new AtomicLong();
    final AtomicLong scansRepeated = new AtomicLong();
    final AtomicLong scansUnknown = new AtomicLong();
    final AtomicLong scansRefused = new AtomicLong();
    /** The crowd's holds the inventory rejected, by reason ({@code seat-unavailable}, {@code buyer-seat-limit}). */
    final Rejections holdsRejected = new Rejections();
    /** Holds' POST-to-result latencies, with when each hold was sent (so the Redis outage can be left out). */
    final TimedLatencies holdLatency = new TimedLatencies();
    final LatencySamples checkoutLatency = new LatencySamples();
    private final AtomicReference<Phase> phase = new AtomicReference<>(Phase.STARTING);
    private final AtomicReference<Instant> lastHoldAccepted = new AtomicReference<>();

    @Override
    public void onFinished(Operation operation, Answer answer) {
        CallStats stats = answer.stats();
        requests.addAndGet(stats.attempts());
        rateLimited.addAndGet(stats.rateLimited());
        overloaded.addAndGet(stats.overloaded());
        unanswered.addAndGet(stats.connectionFailures());
        retryAfterWaits.addAndGet(stats.retryAfterWaits());
        if (operation == Operation.HOLD) {
            holdCalls.incrementAndGet();
            holdCallsRateLimited.addAndGet(stats.rateLimited());
        }
        if (operation == Operation.CHECKOUT) {
            checkoutCalls.incrementAndGet();
            checkoutRequests.addAndGet(stats.attempts());
        }
        if (!stats.retryAfterHonoured()) {
            retryAfterBroken.incrementAndGet();
        }
    }

    /** A 429 or 503 a scanner phone got (the phones speak plain HTTP). */
    void scanRefused(int status) {
        (status == 429 ? rateLimited : overloaded).incrementAndGet();
        retryAfterWaits.incrementAndGet();
    }

    /** A hold the service accepted (202) at {@code at}. */
    void holdAccepted(Instant at) {
        holdsAccepted.incrementAndGet();
        lastHoldAccepted.accumulateAndGet(at, (last, next) -> last == null || next.isAfter(last) ? next : last);
    }

    /** When the last hold was accepted; null before the first. */
    Instant lastHoldAccepted() {
        return lastHoldAccepted.get();
    }

    /** Requests the service accepted (202). */
    long accepted() {
        return holdsAccepted.get() + checkoutsAccepted.get();
    }

    Phase phase() {
        return phase.get();
    }

    void phase(Phase next) {
        phase.set(next);
    }
}
