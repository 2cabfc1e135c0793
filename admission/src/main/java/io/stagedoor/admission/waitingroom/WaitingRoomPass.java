package io.stagedoor.admission.waitingroom;

import java.time.Instant;
import java.util.Objects;

/**
 * A buyer's proof that the waiting room admitted them to an event: a signed string bound to the buyer, the event
 * and an expiry. Any instance that shares the secret can check it without shared state ({@link PassSigner}).
 *
 * @param eventId   the event it opens
 * @param buyerId   the only buyer it works for
 * @param ticket    the ticket that was admitted
 * @param expiresAt when it stops working
 * @param token     the signed string the buyer sends back
 */
public record WaitingRoomPass(String eventId, String buyerId, String ticket, Instant expiresAt, String token) {

    public WaitingRoomPass {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(buyerId, "buyerId");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(token, "token");
    }

    @Override
    public String toString() {
        return "WaitingRoomPass[" + eventId + ", " + buyerId + ", until " + expiresAt + "]";
    }
}
