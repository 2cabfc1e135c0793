package io.stagedoor.admission.signing;

import io.stagedoor.admission.AdmissionMessages;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The HMAC-SHA256 the room's tokens are signed with (tickets, join puzzles, presale codes): a key of its own per
 * purpose, derived from the shared secret, so no token of one kind can stand for another; and a MAC per thread,
 * keyed once, since keying costs more than a MAC.
 */
public final class Hmacs {

    public static final String ALGORITHM = "HmacSHA256";

    private Hmacs() {
    }

    /** HMAC-SHA256 of {@code purpose} under {@code secret}: the key for that purpose alone. */
    public static SecretKeySpec derived(byte[] secret, String purpose) {
        return new SecretKeySpec(keyed(new SecretKeySpec(secret, ALGORITHM))
                .doFinal(purpose.getBytes(StandardCharsets.UTF_8)), ALGORITHM);
    }

    /** One MAC under {@code key} per thread. */
    public static ThreadLocal<Mac> perThread(SecretKeySpec key) {
        return ThreadLocal.withInitial(() -> keyed(key));
    }

    /** A new MAC under {@code key}. */
    public static Mac keyed(SecretKeySpec key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(AdmissionMessages.algorithmUnavailable(ALGORITHM), e);
        }
    }
}
