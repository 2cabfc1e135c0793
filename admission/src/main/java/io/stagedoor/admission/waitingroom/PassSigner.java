package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.lanes.LaneRooms;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Issues and checks {@link WaitingRoomPass}es: {@code wrp1.<payload>.<tag>}, where the payload is the event, buyer,
 * ticket and expiry and the tag is HMAC-SHA256 over the version and payload under a secret every instance shares.
 * Issuing is deterministic, so asking twice for an admitted ticket gives the same pass. Thread-safe.
 */
public final class PassSigner {

    private static final String VERSION = "wrp1";
    private static final String ALGORITHM = "HmacSHA256";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    /** The payload's fields are joined by a character no id of ours contains. */
    private static final char SEPARATOR = '\n';

    private final SecretKeySpec key;
    private final Clock clock;

    /** @param secret at least 32 bytes, the same on every instance */
    public PassSigner(byte[] secret, Clock clock) {
        if (secret == null || secret.length < 32) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("pass secret bytes beyond 31",
                    secret == null ? 0 : secret.length - 31));
        }
        // A key of its own, derived from the shared secret, so no other HMAC the service makes with that secret
        // (tokens, correlation ids) can ever be presented as a pass.
        this.key = new SecretKeySpec(derive(secret), ALGORITHM);
        this.clock = clock;
    }

    private static byte[] derive(byte[] secret) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret, ALGORITHM));
            return mac.doFinal("stagedoor waiting-room pass".getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(AdmissionMessages.algorithmUnavailable("HmacSHA256"), e);
        }
    }

    /** A pass for {@code buyerId} on {@code eventId} that works until {@code expiresAt}. */
    public WaitingRoomPass issue(String eventId, String buyerId, String ticket, Instant expiresAt) {
        String payload = ENCODER.encodeToString((eventId + SEPARATOR + buyerId + SEPARATOR + ticket + SEPARATOR
                + expiresAt.toEpochMilli()).getBytes(StandardCharsets.UTF_8));
        String signed = VERSION + '.' + payload;
        return new WaitingRoomPass(eventId, buyerId, ticket, expiresAt, signed + '.' + ENCODER.encodeToString(tag(signed)));
    }

    /** Whether {@code token} lets {@code buyerId} into {@code eventId} now. */
    public PassVerdict check(String token, String eventId, String buyerId) {
        if (token == null || token.isBlank()) {
            return PassVerdict.MISSING;
        }
        String[] parts = token.trim().split("\\.", -1);
        if (parts.length != 3 || !VERSION.equals(parts[0])) {
            return PassVerdict.FORGED;
        }
        String[] fields;
        byte[] presented;
        try {
            presented = DECODER.decode(parts[2]);
            fields = new String(DECODER.decode(parts[1]), StandardCharsets.UTF_8).split(String.valueOf(SEPARATOR), -1);
        } catch (IllegalArgumentException notBase64) {
            return PassVerdict.FORGED;
        }
        // Constant-time comparison, so the tag cannot be found byte by byte from response times.
        if (fields.length != 4 || !MessageDigest.isEqual(presented, tag(parts[0] + '.' + parts[1]))) {
            return PassVerdict.FORGED;
        }
        // A pass names the room it was given in: the event's, or one of its lanes' (LaneRooms).
        if (!LaneRooms.isOf(fields[0], eventId)) {
            return PassVerdict.OTHER_EVENT;
        }
        if (!fields[1].equals(buyerId)) {
            return PassVerdict.OTHER_BUYER;
        }
        try {
            return Long.parseLong(fields[3]) > clock.millis() ? PassVerdict.VALID : PassVerdict.EXPIRED;
        } catch (NumberFormatException e) {
            return PassVerdict.FORGED;
        }
    }

    /** The ticket a pass that {@link #check} found valid was issued for. */
    String ticketOf(String token) {
        return field(token, 2);
    }

    /** The room (the event's, or a lane's) a pass that {@link #check} found valid was issued in. */
    String roomOf(String token) {
        return field(token, 0);
    }

    private static String field(String token, int index) {
        String payload = token.trim().split("\\.", -1)[1];
        return new String(DECODER.decode(payload), StandardCharsets.UTF_8).split(String.valueOf(SEPARATOR), -1)[index];
    }

    private byte[] tag(String signed) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(signed.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(AdmissionMessages.algorithmUnavailable("HmacSHA256"), e);
        }
    }
}
