package io.stagedoor.ingress.checkout;

import io.stagedoor.ingress.idempotency.IdempotentRequests;

/**
 * A checkout's request after validation: a payment token, and either the live hold's event or, for a replay of a
 * checkout already decided, the id it was answered with.
 *
 * @param content  what it asks for (route, hold, payment token), its idempotency fingerprint
 * @param eventId  the event of the live hold; null for a replay
 * @param replayOf the correlation id of the decided checkout this replays; null otherwise
 */
record CheckoutRequest(IdempotentRequests.CheckoutContent content, String eventId, String replayOf) {

    boolean replay() {
        return replayOf != null;
    }
}
