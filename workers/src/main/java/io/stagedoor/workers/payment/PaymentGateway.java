package io.stagedoor.workers.payment;

import java.util.concurrent.CompletionStage;

/**
 * A payment gateway. Both calls are idempotent by key: the same key charges at most once and always answers
 * with the first outcome (or {@link Charge.Status#VOIDED} once voided). Calls never block the caller; a
 * gateway that does not answer completes the stage exceptionally (a timeout) or not at all, so callers bound
 * every call with their own timeout.
 */
public interface PaymentGateway {

    /** Charges {@code amountCents} to the instrument {@code paymentToken}, once per {@code idempotencyKey}. */
    CompletionStage<Charge> charge(String idempotencyKey, long amountCents, String paymentToken);

    /** Voids the charge made under {@code idempotencyKey}, if any; voiding twice or voiding nothing is harmless. */
    CompletionStage<Void> voidCharge(String idempotencyKey, String reason);
}
