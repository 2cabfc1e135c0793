package io.stagedoor.admission.waitingroom;

/**
 * Redis's replies to room calls whose answer nobody used: the call was shed, or missed its deadline and the own queue
 * answered in its place. What Redis did still happened (a buyer admitted, a session ended, the room opened), so it
 * is observed and recorded like any other reply, when it arrives: otherwise the record would keep a session on that
 * Redis ended, and the audit would see more buyers active than the room let in.
 */
@FunctionalInterface
interface UnusedReplies {

    /** Redis answered {@code call}, about {@code buyerId} (null for calls about the room), with {@code reply}. */
    void heard(RoomCall call, String buyerId, RoomReply reply);
}
