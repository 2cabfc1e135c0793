package io.stagedoor.ingress.checkout;

/**
 * The body of {@code POST /v1/holds/{holdId}/checkout}.
 *
 * @param paymentToken the buyer's payment instrument (test tokens: tok_ok, tok_decline, tok_timeout)
 */
public record CheckoutBody(String paymentToken) {
}
