package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import java.time.Duration;
import java.util.Objects;

/**
 * A buyer's ticket and where it stands: still waiting (with position, estimate and when to ask again), admitted
 * (with the pass), admitted so long ago that the pass has expired, or admitted and since gone (checked out, holds
 * ended, revoked): joining again then gives a new ticket at the back.
 *
 * @param eventId           the event
 * @param ticket            the ticket id the buyer asks about; null when a room gave none (closed, sold out, or
 *                          before its pre-queue)
 * @param buyerId           whose ticket
 * @param standing          waiting, admitted, expired, ended, closed or sold out
 * @param position          the place in the queue (1 is first)
 * @param estimatedWait     the remaining wait at the rate in force; zero once admitted
 * @param retryAfterSeconds when to ask again, at least 1 and at most the configured ceiling; before the pre-queue,
 *                          the whole seconds until it starts
 * @param pass              the pass once admitted, else null
 * @param created           whether this call created the ticket (a repeated join returns the same one)
 * @param source            which queue answered
 */
public record QueueTicket(String eventId, String ticket, String buyerId, Standing standing, long position,
                          Duration estimatedWait, long retryAfterSeconds, WaitingRoomPass pass, boolean created,
                          RoomSource source) {

    /** Where a ticket stands. */
    public enum Standing {
        /** Its position has not been reached. */
        WAITING,
        /** Its position was reached; the pass works. */
        ADMITTED,
        /** Its position was reached and the pass has since expired. */
        EXPIRED,
        /** Its position was reached and the session has ended before the pass's time (checkout, holds, revocation). */
        ENDED,
        /** The room is closed ({@link QueueingMethod#REJECT}): nobody joins, and nobody still queued will be admitted. */
        CLOSED,
        /** Every seat is sold: nobody joins, and nobody still queued will be admitted. */
        SOLD_OUT,
        /** The pre-queue has not started: nobody joins yet; {@code retryAfterSeconds} says when it starts. */
        NOT_YET_OPEN;

        /** Whether a ticket so standing carries a pass. */
        public boolean admitted() {
            return this == ADMITTED || this == EXPIRED || this == ENDED;
        }
    }

    /** The same standing, known to the buyer by {@code token}. */
    public QueueTicket withTicket(String token) {
        return new QueueTicket(eventId, token, buyerId, standing, position, estimatedWait, retryAfterSeconds, pass,
                created, source);
    }

    public QueueTicket {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(standing, "standing");
        if (ticket == null && standing != Standing.CLOSED && standing != Standing.SOLD_OUT
                && standing != Standing.NOT_YET_OPEN) {
            Objects.requireNonNull(ticket, "ticket");
        }
        Objects.requireNonNull(estimatedWait, "estimatedWait");
        if (standing.admitted() != (pass != null)) {
            throw new IllegalArgumentException(AdmissionMessages.passDisagreesWithStanding());
        }
    }
}
