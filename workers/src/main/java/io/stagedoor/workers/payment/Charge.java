package io.stagedoor.workers.payment;

import java.util.Objects;

/**
 * A gateway's answer to a charge.
 *
 * @param idempotencyKey the key the charge was made under
 * @param status         approved, declined or voided
 * @param chargeId       the gateway's id of an approved charge, else null
 * @param reason         why it was not approved, else null
 */
public record Charge(String idempotencyKey, Status status, String chargeId, String reason) {

    /** How a charge stands. */
    public enum Status {
        /** Money taken. */
        APPROVED,
        /** Refused by the issuer; nothing taken. */
        DECLINED,
        /** Taken, then given back: the key may not be used to sell. */
        VOIDED
    }

    public Charge {
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        Objects.requireNonNull(status, "status");
    }
}
