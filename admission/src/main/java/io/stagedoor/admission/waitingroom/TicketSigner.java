package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.signing.Hmacs;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;

/**
 * Issues and reads {@link SignedTicket}s: {@code wrt1.<payload>.<tag>}, the payload the ticket's fields, the tag
 * HMAC-SHA256 over version and payload under a key derived from the secret every instance shares (another than the
 * pass's, so neither can stand for the other). The ticket's id is the tag's first 12 bytes. Reading one costs no
 * store call: a forged, altered or another buyer's ticket reads as none. Thread-safe.
 */
public final class TicketSigner {

    /** What every signed ticket starts with; other tickets are the store's own. */
    static final String PREFIX = "wrt1.";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final char SEPARATOR = '\n';
    /** The fields of a ticket: its draw's window is the eighth (tickets issued before it have seven). */
    private static final int FIELDS = 8;
    private static final int ID_BYTES = 12;

    /** One MAC per thread, keyed once: a poll checks a ticket, and keying a MAC costs more than using it. */
    private final ThreadLocal<Mac> macs;

    /** @param secret at least 32 bytes, the same on every instance */
    public TicketSigner(byte[] secret) {
        this(secret, "stagedoor waiting-room ticket");
    }

    /** Tickets in the same form under a key of another {@code purpose}: one kind of ticket cannot stand for another. */
    TicketSigner(byte[] secret, String purpose) {
        if (secret == null || secret.length < 32) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("ticket secret bytes beyond 31",
                    secret == null ? 0 : secret.length - 31));
        }
        this.macs = Hmacs.perThread(Hmacs.derived(secret, purpose));
    }

    /** Whether {@code token} looks like a signed ticket (it may still be forged). */
    static boolean isSigned(String token) {
        return token != null && token.startsWith(PREFIX);
    }

    /**
     * The room a signed ticket names (its event's, or a lane's), read without checking the tag: for routing a poll to
     * the room that then checks it. Empty for anything else.
     */
    public static Optional<String> roomNamed(String token) {
        if (!isSigned(token)) {
            return Optional.empty();
        }
        int dot = token.lastIndexOf('.');
        try {
            String payload = new String(DECODER.decode(token.substring(PREFIX.length(), Math.max(PREFIX.length(), dot))),
                    StandardCharsets.UTF_8);
            int end = payload.indexOf(SEPARATOR);
            return end > 0 ? Optional.of(payload.substring(0, end)) : Optional.empty();
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    /** The token for {@code ticket} (its id is ignored) and the ticket with its id. */
    Issued issue(SignedTicket ticket) {
        String text = ticket.eventId() + SEPARATOR + ticket.buyerId() + SEPARATOR + ticket.index() + SEPARATOR
                + (ticket.lobby() ? 1 : 0) + SEPARATOR + ticket.joinedMillis() + SEPARATOR + ticket.estimateMillis()
                + SEPARATOR + ticket.source().name() + SEPARATOR + ticket.draw();
        String signed = PREFIX + ENCODER.encodeToString(text.getBytes(StandardCharsets.UTF_8));
        byte[] tag = tag(signed);
        return new Issued(signed + '.' + ENCODER.encodeToString(tag), withId(ticket, tag));
    }

    /** The ticket {@code token} carries, when it is genuine and is {@code buyerId}'s for {@code eventId}. */
    Optional<SignedTicket> read(String token, String eventId, String buyerId) {
        if (!isSigned(token)) {
            return Optional.empty();
        }
        int dot = token.lastIndexOf('.');
        if (dot <= PREFIX.length()) {
            return Optional.empty();
        }
        try {
            byte[] presented = DECODER.decode(token.substring(dot + 1));
            byte[] expected = tag(token.substring(0, dot));
            // Constant-time comparison, so the tag cannot be found byte by byte from response times.
            if (!MessageDigest.isEqual(presented, expected)) {
                return Optional.empty();
            }
            String[] fields = new String(DECODER.decode(token.substring(PREFIX.length(), dot)), StandardCharsets.UTF_8)
                    .split(String.valueOf(SEPARATOR), -1);
            if (fields.length < FIELDS - 1 || fields.length > FIELDS || !fields[0].equals(eventId)
                    || !fields[1].equals(buyerId)) {
                return Optional.empty();
            }
            long draw = fields.length == FIELDS ? Long.parseLong(fields[7]) : 0;
            return Optional.of(withId(new SignedTicket(fields[0], fields[1], Long.parseLong(fields[2]),
                    "1".equals(fields[3]), Long.parseLong(fields[4]), Long.parseLong(fields[5]),
                    RoomSource.valueOf(fields[6]), null, draw), expected));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    /** A token and the ticket it carries. */
    record Issued(String token, SignedTicket ticket) {
    }

    private static SignedTicket withId(SignedTicket ticket, byte[] tag) {
        return new SignedTicket(ticket.eventId(), ticket.buyerId(), ticket.index(), ticket.lobby(), ticket.joinedMillis(),
                ticket.estimateMillis(), ticket.source(), "t" + ENCODER.encodeToString(Arrays.copyOf(tag, ID_BYTES)),
                ticket.draw());
    }

    private byte[] tag(String signed) {
        return macs.get().doFinal(signed.getBytes(StandardCharsets.UTF_8));
    }
}
