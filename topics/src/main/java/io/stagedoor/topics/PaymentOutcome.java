package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * The checkout pool's answer for one payment request, sent back to the inventory keyed by event id.
 *
 * @param correlationId the checkout's id
 * @param eventId       the hold's event, also the record key
 * @param holdId        the pinned hold
 * @param status        how the call ended
 * @param chargeId      the gateway's charge id when approved, else null
 * @param reason        why it was not approved, else null
 * @param decidedAt     when the pool learned the outcome
 * @param paymentKey    the idempotency key the gateway was called with (see {@code PaymentRequested#gatewayKey});
 *                      null in a record written before keys were bound
 * @param amountCents   the amount asked for
 */
public record PaymentOutcome(String correlationId, String eventId, String holdId, PaymentStatus status,
                             String chargeId, String reason, Instant decidedAt, String paymentKey, long amountCents)
        implements Versioned {

    public PaymentOutcome {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(holdId, "holdId");
        Objects.requireNonNull(status, "status");
    }

    /** The outcome of {@code request}: its key and amount travel with it, so the sale can be checked against them. */
    public static PaymentOutcome of(PaymentRequested request, PaymentStatus status, String chargeId, String reason,
                                    Instant decidedAt) {
        return new PaymentOutcome(request.correlationId(), request.eventId(), request.holdId(), status, chargeId,
                reason, decidedAt, request.gatewayKey(), request.amountCents());
    }

    /** An outcome without its key and amount, as records written before keys were bound read. */
    public PaymentOutcome(String correlationId, String eventId, String holdId, PaymentStatus status, String chargeId,
                          String reason, Instant decidedAt) {
        this(correlationId, eventId, holdId, status, chargeId, reason, decidedAt, null, 0);
    }

    /** The key a void of this outcome's charge goes under: {@link #paymentKey}, else the correlation id. */
    public String gatewayKey() {
        return paymentKey != null ? paymentKey : correlationId;
    }
}
