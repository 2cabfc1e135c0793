package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * The inventory pinned a hold and asks the checkout pool to charge for it.
 *
 * @param correlationId the checkout's id, used as the gateway's idempotency key
 * @param eventId       the hold's event; the outcome goes back keyed by it
 * @param holdId        the pinned hold
 * @param buyerId       who pays
 * @param amountCents   what to charge
 * @param paymentToken  the buyer's payment instrument
 * @param requestedAt   when the inventory pinned the hold
 */
public record PaymentRequested(String correlationId, String eventId, String holdId, String buyerId,
                               long amountCents, String paymentToken, Instant requestedAt) implements Versioned {

    public PaymentRequested {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(holdId, "holdId");
    }
}
