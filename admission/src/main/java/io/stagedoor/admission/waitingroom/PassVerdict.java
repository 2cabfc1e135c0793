package io.stagedoor.admission.waitingroom;

/** What checking a presented pass found. Only {@link #VALID} lets a request through. */
public enum PassVerdict {
    /** Signed by us, for this buyer and event, not expired. */
    VALID,
    /** No pass was presented. */
    MISSING,
    /** Not a pass, or its signature does not match: forged or altered. */
    FORGED,
    /** A genuine pass whose lifetime is over. */
    EXPIRED,
    /**
     * A genuine pass, still within its lifetime, whose session ended: the buyer checked out, their holds ended, an
     * operator revoked it, or the buyer queued again.
     */
    ENDED,
    /** A genuine pass issued to another buyer. */
    OTHER_BUYER,
    /** A genuine pass for another event. */
    OTHER_EVENT
}
