package io.stagedoor.ingress.checkout;

import io.stagedoor.ingress.idempotency.IdempotentRequests;

/**
 * A checkout's request after validation: a payment token, and either the live hold's event, or, for a replay of a
 * checkout already decided, the id it was answered with, or neither: a hold this instance has not seen yet, which
 * the resource waits for (without a thread and without a checkout permit; the buyer's checkout token paid for it).
 *
 * @param content  what it asks for (route, hold, payment token), its idempotency fingerprint
 * @param eventId  the event of the live hold; null for a replay or a hold not seen yet
 * @param replayOf the correlation id of the decided checkout this replays; null otherwise
 */
record CheckoutRequest(IdempotentRequests.CheckoutContent content, String eventId, String replayOf) {

    boolean replay() {
        return replayOf != null;
    }

    /** Whether the hold is not known here yet: the checkout takes its permit only once the hold shows up. */
    boolean awaitingHold() {
        return replayOf == null && eventId == null;
    }
}
