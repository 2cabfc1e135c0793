package io.stagedoor.topics;

import io.stagedoor.topics.PaymentRequested;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * What a record on the payments topic asks for. A plain {@code PaymentRequested} asks for a charge; one with
 * the header {@value #HEADER}{@code =void} asks the pool to void the charge made under its correlation id (the
 * inventory sends it when an approved payment arrives for a hold that can no longer be sold, or when the pool gave
 * a payment up). The topic contract has no void record type, so the action travels in a header; a void also
 * carries no payment token, which tells a dead letter (its body only) apart.
 */
public final class PaymentActions {

    /** The header naming the action. */
    public static final String HEADER = "payment-action";
    /** Its value for a void. */
    public static final String VOID = "void";

    private PaymentActions() {
    }

    /** Marks a payments record as a void request. */
    public static void markVoid(Headers headers) {
        headers.remove(HEADER);
        headers.add(HEADER, VOID.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether a payments record asks for a void rather than a charge. */
    public static boolean isVoid(Headers headers) {
        Header header = headers.lastHeader(HEADER);
        return header != null && VOID.equals(new String(header.value(), StandardCharsets.UTF_8));
    }

    /**
     * Whether a request read without its headers (a dead letter: the broker copies the body only) asks for a
     * void: the inventory writes a void without a payment token, and every charge has one (its checkout's).
     */
    public static boolean isVoid(PaymentRequested request) {
        return request.paymentToken() == null;
    }
}
