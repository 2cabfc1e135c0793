package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.signing.Hmacs;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;

/**
 * Tickets of the parked lane (decision 0037): in the same form as the room's own tickets, so neither their holder nor
 * anyone they show them to can tell them apart, but under keys of their own, so none can stand for a real place and
 * none is kept anywhere. With signed tickets a parked one is a {@link TicketSigner} token under the parked key; with
 * stored tickets it is 16 bytes that read as random: the place and the wait told at joining, masked by a pad drawn
 * from the tag, then a 64-bit tag over the event, the buyer and both (a pad of the buyer's alone would mask two of
 * their tickets alike, and two tickets XORed would show it). Reading one costs a MAC or two and no store call. Thread-safe.
 */
final class ParkedTickets {

    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final int STORED_BYTES = 16;
    /** The place and the wait told, four bytes each, before the tag. */
    private static final int FIELD_BYTES = 8;

    private final RoomTickets kind;
    private final TicketSigner signed;
    private final ThreadLocal<Mac> stored;

    /** @param secret the room's shared secret (at least 32 bytes); {@code kind} the form of the room's tickets */
    ParkedTickets(byte[] secret, RoomTickets kind) {
        this.kind = kind;
        this.signed = new TicketSigner(secret, "stagedoor parked ticket");
        this.stored = Hmacs.perThread(Hmacs.derived(secret, "stagedoor parked stored ticket"));
    }

    /** The token of a parked ticket at {@code ticket}'s place, in the form of the room's tickets. */
    String issue(SignedTicket ticket) {
        if (kind == RoomTickets.SIGNED) {
            return signed.issue(ticket).token();
        }
        long place = Math.min(ticket.index(), 0xFFFF_FFFFL);
        long estimate = Math.clamp(ticket.estimateMillis(), 0, 0xFFFF_FFFFL);
        byte[] tag = Arrays.copyOf(mac("tag", ticket.eventId(), ticket.buyerId(), place, estimate),
                STORED_BYTES - FIELD_BYTES);
        ByteBuffer pad = pad(ticket.eventId(), ticket.buyerId(), tag);
        byte[] token = ByteBuffer.allocate(STORED_BYTES)
                .putInt((int) place ^ pad.getInt()).putInt((int) estimate ^ pad.getInt()).put(tag).array();
        return ENCODER.encodeToString(token);
    }

    /** The parked ticket {@code token} is, when it is one and {@code buyerId}'s for {@code eventId}. */
    Optional<SignedTicket> read(String token, String eventId, String buyerId) {
        if (token == null) {
            return Optional.empty();
        }
        if (TicketSigner.isSigned(token)) {
            return signed.read(token, eventId, buyerId);
        }
        byte[] bytes;
        try {
            bytes = DECODER.decode(token);
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        if (bytes.length != STORED_BYTES) {
            return Optional.empty();
        }
        byte[] tag = Arrays.copyOfRange(bytes, FIELD_BYTES, STORED_BYTES);
        ByteBuffer fields = ByteBuffer.wrap(bytes);
        ByteBuffer pad = pad(eventId, buyerId, tag);
        long place = Integer.toUnsignedLong(fields.getInt() ^ pad.getInt());
        long estimate = Integer.toUnsignedLong(fields.getInt() ^ pad.getInt());
        byte[] expected = Arrays.copyOf(mac("tag", eventId, buyerId, place, estimate), STORED_BYTES - FIELD_BYTES);
        // Constant time, so the tag cannot be found byte by byte from response times.
        if (!MessageDigest.isEqual(tag, expected)) {
            return Optional.empty();
        }
        return Optional.of(new SignedTicket(eventId, buyerId, place, false, 0, estimate, RoomSource.REDIS, token, 0));
    }

    /** The pad that masks a stored parked ticket's fields: of its tag, so no two tickets are masked alike. */
    private ByteBuffer pad(String eventId, String buyerId, byte[] tag) {
        return ByteBuffer.wrap(mac("pad " + HexFormat.of().formatHex(tag), eventId, buyerId, 0, 0));
    }

    private byte[] mac(String part, String eventId, String buyerId, long place, long estimate) {
        // lengths first, so no event and buyer can be shifted into another pair
        String text = part + '\n' + eventId.length() + ':' + eventId + '\n' + buyerId.length() + ':' + buyerId + '\n'
                + place + '\n' + estimate;
        return stored.get().doFinal(text.getBytes(StandardCharsets.UTF_8));
    }
}
