package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.waitingroom.QueueTicket;
import java.time.Instant;
import java.util.Locale;

/**
 * A ticket as buyers read it: {@code {ticket, status: "waiting", position, estimatedWaitSeconds}}, or once admitted
 * {@code {ticket, status: "admitted", position, pass, expiresAt}} ("expired" when the pass's time is over).
 *
 * @param ticket               the ticket id to ask about
 * @param status               waiting, admitted or expired
 * @param position             the place in the queue (1 is first)
 * @param estimatedWaitSeconds the remaining wait at the rate in force, while waiting
 * @param pass                 the pass to send with holds, once admitted
 * @param expiresAt            when the pass stops working, once admitted
 */
public record QueueBody(String ticket, String status, long position, Double estimatedWaitSeconds, String pass,
                        Instant expiresAt) {

    static QueueBody of(QueueTicket ticket) {
        String status = ticket.standing().name().toLowerCase(Locale.ROOT);
        if (ticket.standing() == QueueTicket.Standing.WAITING) {
            return new QueueBody(ticket.ticket(), status, ticket.position(),
                    Math.ceil(ticket.estimatedWait().toMillis() / 100.0) / 10, null, null);
        }
        String pass = ticket.standing() == QueueTicket.Standing.ADMITTED ? ticket.pass().token() : null;
        return new QueueBody(ticket.ticket(), status, ticket.position(), null, pass, ticket.pass().expiresAt());
    }
}
