package io.stagedoor.admission.waitingroom;

import java.util.Optional;

/**
 * What a store answers: the room, the ticket the operation was about (empty for room operations and for a ticket
 * that does not exist or is not the caller's), whether the operation ended a buyer's session, by how many
 * places the frontier moved at once because slots freed in a full room (the audit allows them beyond the rate), and
 * for {@link RoomStore#reserve} the first index reserved (else 0).
 */
public record RoomReply(RoomState room, Optional<TicketState> ticket, boolean endedNow, long placesFreed,
                        long reserved) {

    public RoomReply(RoomState room, Optional<TicketState> ticket) {
        this(room, ticket, false, 0, 0);
    }

    RoomReply from(RoomSource source) {
        return new RoomReply(room.from(source), ticket, endedNow, placesFreed, reserved);
    }
}
