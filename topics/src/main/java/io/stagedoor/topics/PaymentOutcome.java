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
 */
public record PaymentOutcome(String correlationId, String eventId, String holdId, PaymentStatus status,
                             String chargeId, String reason, Instant decidedAt) implements Versioned {

    public PaymentOutcome {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(holdId, "holdId");
        Objects.requireNonNull(status, "status");
    }
}
