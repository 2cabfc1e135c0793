package io.stagedoor.admission.waitingroom;

import java.util.Optional;

/**
 * What a store answers: the room, and the ticket the operation was about (empty for room operations and for a
 * ticket that does not exist or is not the caller's).
 */
public record RoomReply(RoomState room, Optional<TicketState> ticket) {

    RoomReply from(RoomSource source) {
        return new RoomReply(room.from(source), ticket);
    }
}
