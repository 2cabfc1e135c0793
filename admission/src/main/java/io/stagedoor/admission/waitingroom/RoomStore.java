package io.stagedoor.admission.waitingroom;

import java.util.concurrent.CompletionStage;

/**
 * Where rooms live. Every operation first brings the room up to {@link RoomCall#nowMillis()}: opens it when the
 * opening has passed (fixing the shuffle of earlier joiners), ends the sessions whose lifetime ran out, and moves the
 * admission frontier by the rate over the time since the last operation, never beyond the last position, and not
 * while every active slot is taken ({@link ActiveCap}). A reached ticket is admitted only while a slot is free.
 * Each operation is atomic.
 */
public interface RoomStore {

    /** Gives {@code buyerId} a position, or returns the ticket they already have. */
    CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket);

    /**
     * Reserves {@code places} indexes for signed tickets, stores nothing of their holders, and answers the first in
     * {@link RoomReply#reserved()}: after the opening, places at the back of the queue in arrival order; before it,
     * early joiners' indexes, whose places the opening's draw fixes ({@link SignedTicket#place}).
     */
    CompletionStage<RoomReply> reserve(RoomCall call, long places);

    /**
     * Admits a signed ticket whose place is reached, while a slot is free, and from then on keeps it like a joined
     * ticket; stores nothing when it does not admit it. A buyer whose session is on, or who has a stored ticket
     * waiting, is answered with that ticket instead; so is a ticket joined before the buyer's last admission,
     * which was spent by it.
     */
    CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim);

    /** The ticket's standing; empty when it does not exist or is not {@code buyerId}'s. Admits it when reached. */
    CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket);

    /** Sets the rate (when not null) and pauses or resumes (when not null), from now on. */
    CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused);

    /** The room as it stands. */
    CompletionStage<RoomReply> snapshot(RoomCall call);

    /**
     * Ends {@code buyerId}'s session, if they have one on: their slot frees, and when the room was full it goes to
     * the next in line at once ({@link RoomReply#endedNow()} says whether there was one to end).
     */
    CompletionStage<RoomReply> end(RoomCall call, String buyerId);

    /**
     * How many places the drawn window of arrivals starting at place {@code start} holds (decision 0029); 0 while it
     * is still open, or when the room never had it. Reads only; does not bring the room up to date.
     */
    CompletionStage<Long> drawn(String eventId, long start);

    /**
     * Whether {@code buyerId}'s admission on {@code ticket} is still active at {@code nowMillis}. Reads only; does not
     * bring the room up to date.
     */
    CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis);
}
