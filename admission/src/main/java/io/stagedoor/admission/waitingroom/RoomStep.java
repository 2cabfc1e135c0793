package io.stagedoor.admission.waitingroom;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of a room, for audit: a buyer joined (with the position given), the room opened (with the shuffle's
 * seed), a buyer was admitted, or the rate changed (pauses and resumes too).
 *
 * @param kind     what happened
 * @param eventId  the event
 * @param buyerId  the buyer, else null
 * @param ticket   the ticket, else null
 * @param position the position given or admitted; for {@link Kind#SHUFFLED} the number of buyers shuffled
 * @param seed     the shuffle's seed for {@link Kind#SHUFFLED}, else 0
 * @param rate     the entry rate in force, buyers per second; 0 while paused
 * @param at       when, by the room's clock
 * @param source   which queue took the step
 */
public record RoomStep(Kind kind, String eventId, String buyerId, String ticket, long position, long seed,
                       double rate, Instant at, RoomSource source) {

    /** The kinds of step, with the names the waiting-room topic uses. */
    public enum Kind {
        JOINED("joined"), SHUFFLED("shuffled"), ADMITTED("admitted"), RATE_CHANGED("rate-changed");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    public RoomStep {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(source, "source");
    }
}
