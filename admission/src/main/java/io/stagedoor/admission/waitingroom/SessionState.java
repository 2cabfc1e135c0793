package io.stagedoor.admission.waitingroom;

/** What the store knows of the session a pass stands for. */
public enum SessionState {
    /** The buyer was admitted on this ticket and is still active. */
    ACTIVE,
    /** The session ended: the buyer checked out, their holds ended, it was revoked or its lifetime ran out. */
    ENDED,
    /** The store has no admission of this buyer on this ticket (another store answered it, or its state is gone). */
    UNKNOWN
}
