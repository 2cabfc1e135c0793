package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * A buyer asks to pay for a hold; written by the ingress, keyed by event id so the inventory task that owns
 * the hold sees it.
 *
 * @param correlationId the request's id and the payment's idempotency key
 * @param eventId       the hold's event, also the record key
 * @param holdId        the hold to pay for
 * @param buyerId       who pays; must own the hold
 * @param paymentToken  the buyer's payment instrument, opaque to the pipeline
 * @param admittedAt    when the ingress admitted the request
 */
public record CheckoutRequested(String correlationId, String eventId, String holdId, String buyerId,
                                String paymentToken, Instant admittedAt) implements Versioned {

    public CheckoutRequested {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(holdId, "holdId");
        Objects.requireNonNull(buyerId, "buyerId");
        Objects.requireNonNull(paymentToken, "paymentToken");
    }
}
