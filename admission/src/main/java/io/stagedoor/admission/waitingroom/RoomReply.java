package io.stagedoor.admission.waitingroom;

import java.util.Optional;

/**
 * What a store answers: the room, the ticket the operation was about (empty for room operations and for a ticket
 * that does not exist or is not the caller's), whether the operation ended a buyer's session, by how many
 * places the frontier moved at once because slots freed in a full room (the audit allows them beyond the rate),
 * for {@link RoomStore#reserve} the first index reserved (else 0), and the window of arrivals this operation drew
 * in a random room (decision 0029): its first place and count (else 0 and 0), which the audit replays the draw from.
 */
public record RoomReply(RoomState room, Optional<TicketState> ticket, boolean endedNow, long placesFreed,
                        long reserved, long drewStart, long drewCount) {

    public RoomReply(RoomState room, Optional<TicketState> ticket) {
        this(room, ticket, false, 0, 0, 0, 0);
    }

    /** The same reply with {@code changed} as its ticket. */
    RoomReply withTicket(Optional<TicketState> changed) {
        return new RoomReply(room, changed, endedNow, placesFreed, reserved, drewStart, drewCount);
    }

    RoomReply from(RoomSource source) {
        return new RoomReply(room.from(source), ticket, endedNow, placesFreed, reserved, drewStart, drewCount);
    }
}
