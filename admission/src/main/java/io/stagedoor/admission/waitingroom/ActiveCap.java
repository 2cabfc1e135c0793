package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;

/**
 * How many admitted buyers of one event may be active at once: holding a pass whose session has not ended (by
 * checkout, by their holds ending, by revocation or by the session's lifetime). The room admits a reached buyer
 * only while fewer are active, and a slot that frees while the room is full goes to the next in line at once.
 *
 * @param limit the most active buyers; 0 for no cap (the entry rate alone decides)
 */
public record ActiveCap(int limit) {

    /** No cap: the entry rate alone decides. */
    public static final ActiveCap NONE = new ActiveCap(0);

    public ActiveCap {
        if (limit < 0) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("maxActive", limit));
        }
    }

    public static ActiveCap of(int limit) {
        return new ActiveCap(limit);
    }

    /** Whether there is a cap at all. */
    public boolean capped() {
        return limit > 0;
    }

    /**
     * This instance's share while Redis is unreachable: the cap divided among the instances, at least one, so
     * together they may exceed the cap by at most {@code instances - 1} during an outage (a share of zero would
     * admit nobody at all, and the outage is counted).
     */
    ActiveCap share(int instances) {
        return capped() ? new ActiveCap(Math.max(1, limit / instances)) : this;
    }
}
