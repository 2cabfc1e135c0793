package io.stagedoor.workers.payment;

/** The gateway did not answer a charge in time; the charge may or may not have been made. */
public final class PaymentTimeoutException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PaymentTimeoutException(String message) {
        super(message);
    }
}
