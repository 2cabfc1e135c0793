package io.stagedoor.topics;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The payment gateway's idempotency key of a checkout: a SHA-256 of the checkout's correlation id, the hold it pays
 * for and the amount, so one key names one purchase. A gateway answers a repeated key with its first outcome; with
 * this key a repeat can only be the same checkout of the same hold for the same amount, never a charge made for
 * another hold. The correlation id binds the buyer and the request's {@code Idempotency-Key}
 * ({@link io.stagedoor.topics.ids.CorrelationIds}); the key is public arithmetic, so the audit recomputes it from the
 * records alone.
 */
public final class PaymentKeys {

    private static final String PREFIX = "pk_";

    private PaymentKeys() {
    }

    /** The gateway key of the checkout {@code correlationId} paying {@code amountCents} for {@code holdId}. */
    public static String of(String correlationId, String holdId, long amountCents) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(
                    ("payment\0" + correlationId + "\0" + holdId + "\0" + amountCents).getBytes(StandardCharsets.UTF_8));
            return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(TopicsMessages.algorithmInEveryJdk("SHA-256"), e);
        }
    }

    /** Whether {@code key} is the gateway key of that checkout, hold and amount. */
    public static boolean binds(String key, String correlationId, String holdId, long amountCents) {
        return key != null && key.equals(of(correlationId, holdId, amountCents));
    }
}
