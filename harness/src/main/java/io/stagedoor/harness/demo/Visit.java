package io.stagedoor.harness.demo;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.Decided;
import io.stagedoor.client.PassIssued;
import io.stagedoor.client.QueueAnswer;
import io.stagedoor.client.RequestOptions;
import io.stagedoor.client.Result;
import io.stagedoor.client.ResultAnswer;
import io.stagedoor.client.ResultStatus;
import io.stagedoor.client.RetryPolicy;
import io.stagedoor.client.StagedoorClient;
import io.stagedoor.client.SubmitAnswer;
import io.stagedoor.client.WaitOver;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * One buyer's visit through the client: queue for a pass, hold 1–2 seats (asking for others when they are taken, a
 * few times), pay for them. Blocking, for a virtual thread. Everything it sees goes to the {@link CrowdTally}.
 */
final class Visit {

    /** Times a buyer asks again for other seats, or queues again after losing the ticket. */
    static final int TRIES = 3;
    /** Attempts at a checkout that the checkout bound sheds, each after its {@code Retry-After}. */
    static final int CHECKOUT_ATTEMPTS = 40;

    private final StagedoorClient client;
    private final CrowdTally tally;
    private final String eventId;
    private final Duration resultWait;
    private final RetryPolicy patient;

    Visit(StagedoorClient client, CrowdTally tally, String eventId, Duration resultWait) {
        this.client = client;
        this.tally = tally;
        this.eventId = eventId;
        this.resultWait = resultWait;
        // A buyer with a hold keeps trying to pay while the checkout bound sheds: the hold lasts ten minutes.
        this.patient = RetryPolicy.defaults().withMaxAttempts(CHECKOUT_ATTEMPTS)
                .withMaxElapsed(resultWait.multipliedBy(4));
    }

    /** Waits in the room until a pass comes; empty when none came (the room lost the ticket too often). */
    Optional<String> queue(String token, Duration patience) {
        for (int attempt = 0; attempt < TRIES; attempt++) {
            QueueAnswer answer = client.awaitPass(token, eventId, patience).join();
            if (answer instanceof PassIssued issued) {
                tally.passes.incrementAndGet();
                return Optional.of(issued.pass());
            }
            if (answer instanceof WaitOver) {
                // Sold out or closed: asking again changes nothing.
                break;
            }
        }
        tally.neverAdmitted.incrementAndGet();
        return Optional.empty();
    }

    /** Leaves the room, giving the slot back (a buyer whose session already ended is told so, and that is all). */
    void leave(String token) {
        if (client.leaveQueue(token, eventId).join() instanceof WaitOver) {
            tally.left.incrementAndGet();
        }
    }

    /** Asks for {@code seats}; the hold's result, or empty when the hold was refused or its result never came. */
    Optional<Result> hold(String token, String pass, List<String> seats) {
        Instant sentAt = Instant.now();
        long start = System.nanoTime();
        SubmitAnswer answer = client.hold(token, eventId, seats, RequestOptions.none().withWaitingRoomPass(pass)).join();
        if (!(answer instanceof Accepted accepted)) {
            tally.requestsRefused.incrementAndGet();
            return Optional.empty();
        }
        tally.holdAccepted(Instant.now());
        Optional<Result> result = result(token, accepted, start, nanos -> tally.holdLatency.record(sentAt, nanos));
        result.ifPresent(held -> {
            if (held.status() == ResultStatus.HELD) {
                tally.held.incrementAndGet();
                tally.seatsHeld.addAndGet(held.seats().size());
            } else {
                tally.holdsRejected.add(held.reason());
            }
        });
        return result;
    }

    /** Pays for a hold; the checkout's result, or empty. Tickets of a confirmed checkout are in the result. */
    Optional<Result> pay(String token, Result hold, String paymentToken) {
        long start = System.nanoTime();
        SubmitAnswer answer = client.checkout(token, hold.holdId(), paymentToken,
                RequestOptions.none().withRetryPolicy(patient)).join();
        if (!(answer instanceof Accepted accepted)) {
            tally.requestsRefused.incrementAndGet();
            return Optional.empty();
        }
        tally.checkoutsAccepted.incrementAndGet();
        Optional<Result> result = result(token, accepted, start, tally.checkoutLatency::record);
        result.ifPresent(paid -> {
            if (paid.status() == ResultStatus.CONFIRMED) {
                tally.orders.incrementAndGet();
                tally.seatsSold.addAndGet(hold.seats().size());
            } else {
                tally.declined.incrementAndGet();
            }
        });
        return result;
    }

    /**
     * Waits for an accepted request's one result. Its latency is from the POST to the result, less the time the
     * client spent waiting out a {@code Retry-After} before the POST was accepted.
     */
    private Optional<Result> result(String token, Accepted accepted, long start, LongConsumer latency) {
        ResultAnswer answer = client.awaitResult(token, accepted.correlationId(), resultWait).join();
        if (answer instanceof Decided decided) {
            latency.accept(Duration.ofNanos(System.nanoTime() - start).minus(accepted.stats().waited()).toNanos());
            return Optional.of(decided.result());
        }
        tally.withoutResult.incrementAndGet();
        return Optional.empty();
    }
}
