package io.stagedoor.admission.waitingroom;

/** Why a buyer stopped being active before their session's lifetime ran out. */
public enum SessionEnd {
    /** They checked out. */
    CHECKED_OUT("checked-out"),
    /** Their holds expired or were released, and they hold nothing else. */
    HOLDS_ENDED("holds-ended"),
    /** An operator revoked their pass. */
    REVOKED("revoked"),
    /** They left the room themselves, done shopping or giving up. */
    LEFT("left"),
    /**
     * Ended by a call whose answer came too late to be used (shed, or answered by the own queue): Redis ended the
     * session, and why went with the answer nobody heard.
     */
    HEARD_LATE("heard-late");

    private final String text;

    SessionEnd(String text) {
        this.text = text;
    }

    /** The name the waiting-room topic uses. */
    public String text() {
        return text;
    }
}
