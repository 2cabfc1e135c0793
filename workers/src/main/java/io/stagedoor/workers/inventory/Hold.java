package io.stagedoor.workers.inventory;

import io.stagedoor.topics.CheckoutRequested;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A buyer's hold on some seats of one event, as the inventory stores it.
 *
 * @param holdId    derived from the hold request's correlation id
 * @param eventId   the event
 * @param buyerId   who holds; only this buyer may pay for it
 * @param seats     the seats
 * @param expiresAt when an unpaid hold frees its seats
 * @param state     where the hold stands
 * @param checkout  the checkout paying for it while {@link State#PINNED}, else null
 */
record Hold(String holdId, String eventId, String buyerId, List<String> seats, Instant expiresAt, State state,
            CheckoutRequested checkout) {

    /** Where a hold stands. */
    enum State {
        /** Seats held until {@code expiresAt}. */
        HELD,
        /** A checkout is paying for it: it does not expire until the payment outcome arrives. */
        PINNED,
        /** Paid: the seats are sold. */
        SOLD,
        /** Expired: the seats are free again; kept a while so a late checkout reads "expired". */
        EXPIRED
    }

    Hold {
        Objects.requireNonNull(holdId, "holdId");
        Objects.requireNonNull(state, "state");
        seats = List.copyOf(seats);
    }

    Hold pinnedBy(CheckoutRequested request) {
        return new Hold(holdId, eventId, buyerId, seats, expiresAt, State.PINNED, request);
    }

    Hold unpinned() {
        return new Hold(holdId, eventId, buyerId, seats, expiresAt, State.HELD, null);
    }

    Hold in(State next) {
        return new Hold(holdId, eventId, buyerId, seats, expiresAt, next, checkout);
    }

    boolean expiredAt(Instant now) {
        return state == State.EXPIRED || (state == State.HELD && !expiresAt.isAfter(now));
    }

    boolean pinnedBy(String correlationId) {
        return state == State.PINNED && checkout != null && checkout.correlationId().equals(correlationId);
    }
}
