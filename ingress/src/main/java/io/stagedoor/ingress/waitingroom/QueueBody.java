package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.waitingroom.QueueTicket;
import java.time.Instant;
import java.util.Locale;

/**
 * A ticket as buyers read it: {@code {ticket, status: "waiting", position, estimatedWaitSeconds}}, or once admitted
 * {@code {ticket, status: "admitted", position, pass, expiresAt}} ("expired" when the pass's time is over, "ended"
 * when the session ended early), or {@code {ticket, status: "sold-out" | "closed", position, message}} when nobody
 * still queued will be admitted.
 *
 * @param ticket               the ticket id to ask about
 * @param status               waiting, admitted or expired
 * @param position             the place in the queue (1 is first)
 * @param estimatedWaitSeconds the remaining wait at the rate in force, while waiting
 * @param pass                 the pass to send with holds, once admitted
 * @param expiresAt            when the pass stops working, once admitted
 * @param message              why the wait is over for good ({@link WaitingRoomMessages#soldOut},
 *                             {@link WaitingRoomMessages#closed}), else absent
 */
public record QueueBody(String ticket, String status, long position, Double estimatedWaitSeconds, String pass,
                        Instant expiresAt, String message) {

    /** @param eventName the event as buyers know it, for the message */
    static QueueBody of(QueueTicket ticket, String eventName) {
        String status = ticket.standing().name().toLowerCase(Locale.ROOT).replace('_', '-');
        return switch (ticket.standing()) {
            case WAITING -> new QueueBody(ticket.ticket(), status, ticket.position(),
                    Math.ceil(ticket.estimatedWait().toMillis() / 100.0) / 10, null, null, null);
            case SOLD_OUT -> new QueueBody(ticket.ticket(), status, ticket.position(), null, null, null,
                    WaitingRoomMessages.soldOut(eventName));
            case CLOSED -> new QueueBody(ticket.ticket(), status, ticket.position(), null, null, null,
                    WaitingRoomMessages.closed(eventName));
            case NOT_YET_OPEN -> throw new IllegalArgumentException(WaitingRoomMessages.refusedNotAnswered());
            case ADMITTED, EXPIRED, ENDED -> new QueueBody(ticket.ticket(), status, ticket.position(), null,
                    ticket.standing() == QueueTicket.Standing.ADMITTED ? ticket.pass().token() : null,
                    ticket.pass().expiresAt(), null);
        };
    }
}
