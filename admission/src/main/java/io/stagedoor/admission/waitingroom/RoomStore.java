package io.stagedoor.admission.waitingroom;

import java.util.concurrent.CompletionStage;

/**
 * Where rooms live. Every operation first brings the room up to {@link RoomCall#nowMillis()}: opens it when the
 * opening has passed (fixing the shuffle of earlier joiners) and moves the admission frontier by the rate over
 * the time since the last operation, never beyond the last position. Each operation is atomic.
 */
public interface RoomStore {

    /** Gives {@code buyerId} a position, or returns the ticket they already have. */
    CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket);

    /** The ticket's standing; empty when it does not exist or is not {@code buyerId}'s. Admits it when reached. */
    CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket);

    /** Sets the rate (when not null) and pauses or resumes (when not null), from now on. */
    CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused);

    /** The room as it stands. */
    CompletionStage<RoomReply> snapshot(RoomCall call);
}
