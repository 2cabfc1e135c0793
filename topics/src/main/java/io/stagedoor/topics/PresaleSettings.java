package io.stagedoor.topics;

import java.time.Instant;

/**
 * A registered presale for an event's waiting room: fans register in a window, a seeded lottery run at {@code drawAt}
 * picks who gets an access code (one per account, bound to it), and while the presale lasts the room takes only
 * joins that carry a code of their own. Codes a winner has not used by {@code codesUsedBy} go, in lottery order, to
 * the wait-list; those are good until the presale ends.
 *
 * @param registerFrom when registration opens
 * @param registerUntil when it closes, after {@code registerFrom}
 * @param drawAt       when the lottery may run, at or after {@code registerUntil}
 * @param codes        how many accounts get a code in the draw, at least 1; absent: every registrant (default)
 * @param codesUsedBy  when winners' unused codes go to the wait-list, after {@code drawAt}
 * @param until        when the presale ends and the room takes everyone again, after {@code codesUsedBy}; absent: the
 *                     presale lasts the whole sale
 */
public record PresaleSettings(Instant registerFrom, Instant registerUntil, Instant drawAt, Integer codes,
                              Instant codesUsedBy, Instant until) {

    public PresaleSettings {
        if (registerFrom == null || registerUntil == null || drawAt == null || codesUsedBy == null) {
            throw new IllegalArgumentException(TopicsMessages.presaleTimesMissing());
        }
        if (!registerFrom.isBefore(registerUntil) || drawAt.isBefore(registerUntil)
                || !drawAt.isBefore(codesUsedBy) || (until != null && !codesUsedBy.isBefore(until))) {
            throw new IllegalArgumentException(TopicsMessages.presaleTimesOutOfOrder());
        }
        if (codes != null && codes < 1) {
            throw new IllegalArgumentException(TopicsMessages.presaleCodesNotPositive(codes));
        }
    }

    /** Whether the room takes only joins with a code at {@code now}. */
    public boolean asksForCodes(Instant now) {
        return until == null || now.isBefore(until);
    }

    /** Whether registration is open at {@code now}. */
    public boolean registering(Instant now) {
        return !now.isBefore(registerFrom) && now.isBefore(registerUntil);
    }
}
