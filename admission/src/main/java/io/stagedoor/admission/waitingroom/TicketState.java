package io.stagedoor.admission.waitingroom;

/**
 * One ticket as the store keeps it, after the operation that returned it.
 *
 * @param ticket           the ticket id
 * @param buyerId          whose ticket it is
 * @param position         its place (1 is first); for a buyer who joined before the opening and asks before it,
 *                         the place in the shuffle as it stands, which later joiners can still change
 * @param joinedMillis     when the buyer joined
 * @param estimateMillis   the wait the buyer was told on joining
 * @param admittedMillis   when the buyer first learned they were admitted, else 0
 * @param firstAdmission   whether this operation admitted the ticket (so the admission is recorded once)
 * @param created          whether this operation created the ticket (a repeated join returns the existing one)
 * @param active           whether the buyer's session is on: admitted, and not ended by checkout, by their holds
 *                         ending, by revocation or by the session's lifetime
 * @param awaitingSlot     whether the ticket's position was reached but every active slot was taken: it is admitted
 *                         as soon as one frees
 */
public record TicketState(String ticket, String buyerId, long position, long joinedMillis, long estimateMillis,
                          long admittedMillis, boolean firstAdmission, boolean created, boolean active,
                          boolean awaitingSlot) {

    public boolean admitted() {
        return admittedMillis > 0;
    }
}
