package io.stagedoor.admission.presale;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.signing.Hmacs;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;

/**
 * Presale access codes, bound to one account for one event: a code is the first 15 bytes of HMAC-SHA256 over the
 * event and the account under a key derived from the secret every instance shares, written as 20 URL-safe
 * characters. So a code is checked with one MAC and no store, a code given to (or stolen by) another account is worth
 * nothing, and the same account always gets the same code for an event. That a code opens one session only is the
 * caller's to hold (spend it once, as a join puzzle is spent). Thread-safe.
 */
public final class PresaleCodes {

    private static final int CODE_BYTES = 15;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final ThreadLocal<Mac> macs;

    /** @param secret at least 32 bytes, the same on every instance */
    public PresaleCodes(byte[] secret) {
        if (secret == null || secret.length < 32) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("presale secret bytes beyond 31",
                    secret == null ? 0 : secret.length - 31));
        }
        this.macs = Hmacs.perThread(Hmacs.derived(secret, "stagedoor presale access code"));
    }

    /** The code of {@code accountId} for {@code eventId}'s presale. */
    public String codeFor(String eventId, String accountId) {
        // the event's length first, so no event and account can be shifted into another pair
        byte[] tag = macs.get().doFinal((eventId.length() + ":" + eventId + accountId).getBytes(StandardCharsets.UTF_8));
        return ENCODER.encodeToString(java.util.Arrays.copyOf(tag, CODE_BYTES));
    }

    /** Whether {@code code} is {@code accountId}'s for {@code eventId} (constant time, so it cannot be guessed by timing). */
    public boolean isCodeOf(String code, String eventId, String accountId) {
        if (code == null) {
            return false;
        }
        return MessageDigest.isEqual(code.getBytes(StandardCharsets.US_ASCII),
                codeFor(eventId, accountId).getBytes(StandardCharsets.US_ASCII));
    }
}
