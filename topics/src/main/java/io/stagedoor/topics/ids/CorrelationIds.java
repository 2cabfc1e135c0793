package io.stagedoor.topics.ids;

import io.stagedoor.topics.TopicsMessages;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Issues and checks correlation ids. An id is 128 random bits, the time it was issued, optionally the results lane
 * (the partition of the results topic its result is written to, decision 0028), and an HMAC-SHA256 tag (128 bits)
 * over them and the principal it was issued to, in URL-safe base64 (54 characters, 56 with a lane). So an id is
 * unguessable; any instance sharing the secret can tell when it was issued and whether it belongs to a caller,
 * without any shared state; a worker can read its lane without the secret; and a forged or foreign id is
 * indistinguishable from an unknown one.
 *
 * <p>Thread-safe.
 */
public final class CorrelationIds {

    private static final int RANDOM_BYTES = 16;
    private static final int TIME_BYTES = Long.BYTES;
    private static final int LANE_BYTES = Short.BYTES;
    private static final int TAG_BYTES = 16;
    private static final int ID_BYTES = RANDOM_BYTES + TIME_BYTES + TAG_BYTES;
    private static final int LANED_ID_BYTES = ID_BYTES + LANE_BYTES;
    /** The largest lane an id can name. */
    public static final int MAX_LANE = 0xFFFF;
    /** What {@link #lane} answers for an id that names no lane. */
    public static final int NO_LANE = -1;
    private static final String MAC = "HmacSHA256";
    /** The issue time of an id derived from an idempotency key, which has no single issue time. */
    public static final Instant UNKNOWN_TIME = Instant.EPOCH;

    private final SecretKeySpec key;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /**
     * @param secret at least 32 bytes, shared by every ingress instance
     * @param clock  the issuing time
     */
    public CorrelationIds(byte[] secret, Clock clock) {
        if (secret.length < 32) {
            throw new IllegalArgumentException(TopicsMessages.correlationSecretTooShort(secret.length));
        }
        this.key = new SecretKeySpec(secret.clone(), MAC);
        this.clock = clock;
    }

    /** A new id for a request of {@code principal}. */
    public String issue(String principal) {
        return issue(principal, NO_LANE);
    }

    /** A new id for a request of {@code principal} whose result goes to results lane {@code lane} (or {@link #NO_LANE}). */
    public String issue(String principal, int lane) {
        byte[] nonce = new byte[RANDOM_BYTES];
        random.nextBytes(nonce);
        return encode(nonce, clock.millis(), checkedLane(lane), principal);
    }

    /**
     * The id for a request that carries an idempotency key, with no issue time: the same principal and key give
     * the same id on every instance, with no shared state. Its issue time is {@link #UNKNOWN_TIME}, so it is never
     * reported as older than the results window; {@link #issueIdempotent(String, String, Instant)} is preferred
     * wherever the key's first acceptance time is known to every instance.
     */
    public String issueIdempotent(String principal, String idempotencyKey) {
        return issueIdempotent(principal, idempotencyKey, UNKNOWN_TIME);
    }

    /**
     * The id for a request that carries an idempotency key first accepted at {@code firstAccepted}: the same
     * principal, key and time give the same id on every instance. The key part ({@link #keyPart}) depends on the
     * principal and the key alone, so every id ever derived from one key shares it, whatever its time; the time
     * makes the id age like a fresh one, so a poll or a replay older than the results window is told so at once.
     */
    public String issueIdempotent(String principal, String idempotencyKey, Instant firstAccepted) {
        return issueIdempotent(principal, idempotencyKey, firstAccepted, NO_LANE);
    }

    /**
     * As {@link #issueIdempotent(String, String, Instant)}, naming the results lane the key was first accepted with,
     * remembered beside its time so that every instance derives the same id.
     */
    public String issueIdempotent(String principal, String idempotencyKey, Instant firstAccepted, int lane) {
        byte[] nonce = Arrays.copyOf(tag(("idempotency\0" + principal + "\0" + idempotencyKey)
                .getBytes(StandardCharsets.UTF_8)), RANDOM_BYTES);
        return encode(nonce, firstAccepted.toEpochMilli(), checkedLane(lane), principal);
    }

    /**
     * The results lane {@code id} names, read without the secret (a forged id names any lane it likes, and only
     * sends its own result there), or {@link #NO_LANE} for an id without one or a string that is not an id.
     */
    public static int lane(String id) {
        byte[] raw = decode(id);
        if (raw == null || raw.length != LANED_ID_BYTES) {
            return NO_LANE;
        }
        return ByteBuffer.wrap(raw, RANDOM_BYTES + TIME_BYTES, LANE_BYTES).getShort() & MAX_LANE;
    }

    /**
     * The part of {@code id} that names the request apart from its issue time: its 128 random (or key-derived)
     * bits, URL-safe base64 (22 characters). Every id derived from one principal's key has the same key part, so a
     * worker can tell that two checkouts came from one key without the secret. A string that is not a well-formed
     * id is its own key part.
     */
    public static String keyPart(String id) {
        byte[] raw = decode(id);
        if (raw == null) {
            return id;
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(raw, RANDOM_BYTES));
    }

    /** When the id was issued, if it is well-formed and was issued to {@code principal}; empty otherwise. */
    public Optional<Instant> issuedAt(String id, String principal) {
        byte[] raw = decode(id);
        if (raw == null) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.wrap(raw);
        byte[] nonce = new byte[RANDOM_BYTES];
        buffer.get(nonce);
        long millis = buffer.getLong();
        int lane = raw.length == LANED_ID_BYTES ? buffer.getShort() & MAX_LANE : NO_LANE;
        byte[] given = new byte[TAG_BYTES];
        buffer.get(given);
        byte[] expected = Arrays.copyOf(tag(signed(nonce, millis, lane, principal)), TAG_BYTES);
        return MessageDigest.isEqual(given, expected) ? Optional.of(Instant.ofEpochMilli(millis)) : Optional.empty();
    }


    private String encode(byte[] nonce, long millis, int lane, String principal) {
        byte[] tag = tag(signed(nonce, millis, lane, principal));
        ByteBuffer buffer = ByteBuffer.allocate(lane == NO_LANE ? ID_BYTES : LANED_ID_BYTES);
        buffer.put(nonce).putLong(millis);
        if (lane != NO_LANE) {
            buffer.putShort((short) lane);
        }
        buffer.put(tag, 0, TAG_BYTES);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer.array());
    }

    /** What the tag covers: nonce, time, the lane when the id has one (so an id's lane cannot be changed), principal. */
    private static byte[] signed(byte[] nonce, long millis, int lane, String principal) {
        byte[] who = principal.getBytes(StandardCharsets.UTF_8);
        ByteBuffer signed = ByteBuffer.allocate(RANDOM_BYTES + TIME_BYTES + LANE_BYTES + who.length)
                .put(nonce).putLong(millis);
        if (lane != NO_LANE) {
            signed.putShort((short) lane);
        }
        return Arrays.copyOf(signed.put(who).array(), signed.position());
    }

    private static int checkedLane(int lane) {
        if (lane != NO_LANE && (lane < 0 || lane > MAX_LANE)) {
            throw new IllegalArgumentException(TopicsMessages.laneOutOfRange(lane, MAX_LANE));
        }
        return lane;
    }

    private static byte[] decode(String id) {
        if (id == null || (id.length() != 54 && id.length() != 56)) {
            return null;
        }
        try {
            byte[] raw = Base64.getUrlDecoder().decode(id);
            return raw.length == ID_BYTES || raw.length == LANED_ID_BYTES ? raw : null;
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }

    private byte[] tag(byte[] message) {
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(key);
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(TopicsMessages.algorithmInEveryJdk("HmacSHA256"), e);
        }
    }
}
