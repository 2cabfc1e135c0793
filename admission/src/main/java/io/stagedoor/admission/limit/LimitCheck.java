package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;

import java.util.Objects;

/**
 * One limit applied to one key: the buyer id, organizer id, API key id, source address or normalized email
 * whose fairness the limit protects.
 *
 * @param policy  the limit
 * @param subject the identity the bucket belongs to; not blank
 * @param cost    tokens this request takes, at least 1 (a cost above the capacity is decided as impossible)
 */
public record LimitCheck(LimitPolicy policy, String subject, long cost) {

    public LimitCheck {
        Objects.requireNonNull(policy, "policy");
        if (subject == null || subject.isBlank()) {
            throw new IllegalArgumentException(AdmissionMessages.blankName("limit subject"));
        }
        if (cost < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("cost", cost));
        }
    }

    /** A check that takes one token. */
    public static LimitCheck of(LimitPolicy policy, String subject) {
        return new LimitCheck(policy, subject, 1);
    }
}
