package io.stagedoor.topics;

/** The reasons a result or payment outcome gives, as they appear on the wire. */
public final class Reasons {

    public static final String SEAT_UNAVAILABLE = "seat-unavailable";
    public static final String UNKNOWN_EVENT = "unknown-event";
    public static final String UNKNOWN_SEAT = "unknown-seat";
    /** The hold would give its buyer more seats of the event, held and bought together, than the event allows. */
    public static final String BUYER_SEAT_LIMIT = "buyer-seat-limit";
    public static final String HOLD_NOT_FOUND = "hold-not-found";
    public static final String HOLD_EXPIRED = "hold-expired";
    public static final String HOLD_NOT_PAYABLE = "hold-not-payable";
    /**
     * The checkout's id (its key part: the buyer's Idempotency-Key) was already used to check out another hold; a
     * key names one purchase.
     */
    public static final String CHECKOUT_ID_REUSED = "checkout-id-reused";
    public static final String PAYMENT_DECLINED = "payment-declined";
    public static final String PAYMENT_TIMEOUT = "payment-timeout";
    public static final String PAYMENT_FAILED = "payment-failed";

    private Reasons() {
    }
}
