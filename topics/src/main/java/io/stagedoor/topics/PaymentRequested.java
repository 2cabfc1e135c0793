package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * The inventory pinned a hold and asks the checkout pool to charge for it.
 *
 * @param correlationId the checkout's id
 * @param eventId       the hold's event; the outcome goes back keyed by it
 * @param holdId        the pinned hold
 * @param buyerId       who pays
 * @param amountCents   what to charge
 * @param paymentToken  the buyer's payment instrument
 * @param requestedAt   when the inventory pinned the hold
 * @param paymentKey    the gateway's idempotency key, {@link PaymentKeys#of} the checkout, hold and amount; a
 *                      record written without one (before keys were bound) is charged under its correlation id
 */
public record PaymentRequested(String correlationId, String eventId, String holdId, String buyerId,
                               long amountCents, String paymentToken, Instant requestedAt, String paymentKey)
        implements Versioned {

    public PaymentRequested {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(holdId, "holdId");
    }

    /** A request charged under the key {@link PaymentKeys#of} its checkout, hold and amount. */
    public PaymentRequested(String correlationId, String eventId, String holdId, String buyerId, long amountCents,
                            String paymentToken, Instant requestedAt) {
        this(correlationId, eventId, holdId, buyerId, amountCents, paymentToken, requestedAt,
                PaymentKeys.of(correlationId, holdId, amountCents));
    }

    /** The key the gateway is called with: {@link #paymentKey}, or the correlation id for a record without one. */
    public String gatewayKey() {
        return paymentKey != null ? paymentKey : correlationId;
    }
}
