package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of a buyer through an event's waiting room, published for audit on the waiting-room topic (keyed by
 * event id): joining (with the position given), the shuffle at the opening (with its seed), admission, and a random
 * room's draw of a window of arrivals.
 *
 * @param eventId  the event
 * @param kind     "joined", "shuffled", "admitted", "rate-changed", "ended", "revoked", "slots-freed", "rate-step"
 *                 or "drawn"
 * @param buyerId  the buyer, or null for "shuffled" and "rate-changed"
 * @param ticket   the buyer's ticket, else null
 * @param position the buyer's position in the queue (1-based); for "drawn" the window's first place; else 0
 * @param seed     the shuffle's seed for "shuffled" and "drawn", else 0
 * @param rate     the entry rate in force, buyers per second
 * @param at       when it happened
 * @param active   buyers active after the step, where the room counted them; else null (records written before)
 * @param maxActive the cap on active buyers in force (0 for none); else null
 * @param queueing how the room chose whom to admit ({@code fifo}, {@code random}, {@code passthrough}); else null
 * @param loop     for a {@value #RATE_STEP}: the step's inputs, with {@code rate} the rate it set; else null
 * @param count    for a {@value #DRAWN}: the places of the window drawn; else null
 * @param reason   for a {@value #PARKED}: why the buyer was parked; for a {@value #RELEASED}: who released them; else
 *                 null
 */
public record WaitingRoomRecord(String eventId, String kind, String buyerId, String ticket, long position, long seed,
                                double rate, Instant at, Long active, Integer maxActive, String queueing,
                                EntryLoopStep loop, Long count, String reason)
        implements Versioned {

    public static final String JOINED = "joined";
    public static final String SHUFFLED = "shuffled";
    public static final String ADMITTED = "admitted";
    public static final String RATE_CHANGED = "rate-changed";
    /** A buyer's session ended early: they checked out or their holds ended. */
    public static final String ENDED = "ended";
    /** An operator revoked a buyer's pass. */
    public static final String REVOKED = "revoked";
    /** Slots freed in a full room moved the frontier at once by {@code position} places, beyond the rate. */
    public static final String SLOTS_FREED = "slots-freed";
    /** The closed loop moved the entry rate to {@code rate}; {@code loop} says from what and why. */
    public static final String RATE_STEP = "rate-step";
    /**
     * A random room drew a window of arrivals (decision 0029): {@code count} places from {@code position}, each
     * buyer's place there given by {@code seed}.
     */
    public static final String DRAWN = "drawn";
    /** A rule or an operator flagged {@code buyerId}: their joins are parked from then on, for {@code reason}. */
    public static final String PARKED = "parked";
    /** An operator let {@code buyerId} wait for real again. */
    public static final String RELEASED = "released";

    public WaitingRoomRecord {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(kind, "kind");
    }

    /** A step of a room, of the loop or a draw: nobody parked or released. */
    public WaitingRoomRecord(String eventId, String kind, String buyerId, String ticket, long position, long seed,
                             double rate, Instant at, Long active, Integer maxActive, String queueing,
                             EntryLoopStep loop, Long count) {
        this(eventId, kind, buyerId, ticket, position, seed, rate, at, active, maxActive, queueing, loop, count, null);
    }

    /** {@code buyerId} parked ({@value #PARKED}) or released ({@value #RELEASED}) in {@code eventId}'s room. */
    public static WaitingRoomRecord parking(String eventId, String kind, String buyerId, String reason, Instant at) {
        return new WaitingRoomRecord(eventId, kind, buyerId, null, 0, 0, 0, at, null, null, null, null, null, reason);
    }

    /** A step of a room or of the loop, not a draw. */
    public WaitingRoomRecord(String eventId, String kind, String buyerId, String ticket, long position, long seed,
                             double rate, Instant at, Long active, Integer maxActive, String queueing,
                             EntryLoopStep loop) {
        this(eventId, kind, buyerId, ticket, position, seed, rate, at, active, maxActive, queueing, loop, null);
    }

    /** A random room's draw of {@code count} places from {@code start} under {@code seed}. */
    public static WaitingRoomRecord drawn(String eventId, long start, long count, long seed, double rate, Instant at,
                                          Long active, Integer maxActive) {
        return new WaitingRoomRecord(eventId, DRAWN, null, null, start, seed, rate, at, active, maxActive, "random",
                null, count);
    }

    /** A step of a room, not the loop's. */
    public WaitingRoomRecord(String eventId, String kind, String buyerId, String ticket, long position, long seed,
                             double rate, Instant at, Long active, Integer maxActive, String queueing) {
        this(eventId, kind, buyerId, ticket, position, seed, rate, at, active, maxActive, queueing, null);
    }

    /** The loop's step of {@code eventId}'s rate to {@code rate}, for the reasons in {@code step}. */
    public static WaitingRoomRecord rateStep(String eventId, double rate, Instant at, EntryLoopStep step) {
        return new WaitingRoomRecord(eventId, RATE_STEP, null, null, 0, 0, rate, at, null, null, null, step);
    }

    /** A step of a room that did not count active buyers. */
    public WaitingRoomRecord(String eventId, String kind, String buyerId, String ticket, long position, long seed,
                             double rate, Instant at) {
        this(eventId, kind, buyerId, ticket, position, seed, rate, at, null, null, null);
    }

    /** A step of a first-come-first-served room that counted active buyers. */
    public WaitingRoomRecord(String eventId, String kind, String buyerId, String ticket, long position, long seed,
                             double rate, Instant at, Long active, Integer maxActive) {
        this(eventId, kind, buyerId, ticket, position, seed, rate, at, active, maxActive, null);
    }
}
