package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of a buyer through an event's waiting room, published for audit on the waiting-room topic (keyed by
 * event id): joining (with the position given), the shuffle at the opening (with its seed), and admission.
 *
 * @param eventId  the event
 * @param kind     "joined", "shuffled", "admitted" or "rate-changed"
 * @param buyerId  the buyer, or null for "shuffled" and "rate-changed"
 * @param ticket   the buyer's ticket, else null
 * @param position the buyer's position in the queue (1-based), else 0
 * @param seed     the shuffle's seed for "shuffled", else 0
 * @param rate     the entry rate in force, buyers per second
 * @param at       when it happened
 */
public record WaitingRoomRecord(String eventId, String kind, String buyerId, String ticket, long position, long seed,
                                double rate, Instant at) implements Versioned {

    public static final String JOINED = "joined";
    public static final String SHUFFLED = "shuffled";
    public static final String ADMITTED = "admitted";
    public static final String RATE_CHANGED = "rate-changed";

    public WaitingRoomRecord {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(kind, "kind");
    }
}
