package io.stagedoor.admission.waitingroom;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of a room, for audit: a buyer joined (with the position given), the room opened (with the shuffle's
 * seed), a buyer was admitted, the rate changed (pauses and resumes too), a buyer's session ended early (checkout,
 * holds ended, revocation), slots that freed in a full room moved the frontier at once, or a random room drew a
 * window of arrivals.
 *
 * @param kind     what happened
 * @param eventId  the event
 * @param buyerId  the buyer, else null
 * @param ticket   the ticket, else null
 * @param position the position given or admitted; for {@link Kind#SHUFFLED} the number of buyers shuffled; for
 *                 {@link Kind#SLOTS_FREED} the places the frontier moved
 * @param seed     the shuffle's seed for {@link Kind#SHUFFLED}, else 0
 * @param rate     the entry rate in force, buyers per second; 0 while paused
 * @param at       when, by the room's clock
 * @param source   which queue took the step
 * @param active   buyers active after the step
 * @param maxActive the cap on active buyers in force (0 for none)
 * @param method   how the room chose whom to admit
 * @param count    for {@link Kind#DRAWN} the places of the window drawn (its first is {@code position}, its seed the
 *                 room's), else 0
 */
public record RoomStep(Kind kind, String eventId, String buyerId, String ticket, long position, long seed,
                       double rate, Instant at, RoomSource source, long active, int maxActive, QueueingMethod method,
                       long count) {

    /** The kinds of step, with the names the waiting-room topic uses. */
    public enum Kind {
        JOINED("joined"), SHUFFLED("shuffled"), ADMITTED("admitted"), RATE_CHANGED("rate-changed"),
        /** The buyer checked out or their holds ended. */
        ENDED("ended"),
        /** An operator revoked the buyer's pass. */
        REVOKED("revoked"),
        SLOTS_FREED("slots-freed"),
        /** A random room drew a window of arrivals (decision 0029). */
        DRAWN("drawn");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** A step that is not a draw. */
    public RoomStep(Kind kind, String eventId, String buyerId, String ticket, long position, long seed, double rate,
                    Instant at, RoomSource source, long active, int maxActive, QueueingMethod method) {
        this(kind, eventId, buyerId, ticket, position, seed, rate, at, source, active, maxActive, method, 0);
    }

    public RoomStep {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(method, "method");
    }
}
