package io.stagedoor.admission.waitingroom;

import java.util.Objects;

/**
 * A signed ticket's holder asking to be admitted, once the frontier has reached their place: what the store keeps of
 * them if it admits them, and nothing if it does not.
 *
 * @param ticket         the ticket's id
 * @param buyerId        whose ticket
 * @param place          the ticket's place, as the ticket and the room's draw say ({@link SignedTicket#place})
 * @param joinedMillis   when the buyer joined
 * @param estimateMillis the wait the buyer was told on joining
 */
public record RoomClaim(String ticket, String buyerId, long place, long joinedMillis, long estimateMillis) {

    public RoomClaim {
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(buyerId, "buyerId");
    }

    static RoomClaim of(SignedTicket ticket, long place) {
        return new RoomClaim(ticket.id(), ticket.buyerId(), place, ticket.joinedMillis(), ticket.estimateMillis());
    }
}
