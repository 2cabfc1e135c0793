package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of an event's presale, published for audit on the presale topic (keyed by event id): an account
 * registering, the lottery's draw (with its seed, so anyone can draw again from the registrations), a code granted
 * (to a winner, or to the wait-list once winners' codes went unused), a code used to join the room, and a code given
 * back because that join got no place.
 *
 * @param eventId     the event
 * @param kind        {@value #REGISTERED}, {@value #DRAWN}, {@value #GRANTED}, {@value #USED} or {@value #RETURNED}
 * @param accountId   the account; null for {@value #DRAWN}
 * @param seed        for {@value #DRAWN}: the lottery's seed, hex; else null
 * @param count       for {@value #DRAWN}: the codes drawn; for {@value #GRANTED}: the account's place in lottery
 *                    order (1 is the best ticket); else 0
 * @param registrants for {@value #DRAWN}: the accounts registered when it ran; else 0
 * @param round       for {@value #GRANTED}: 0 for the draw's winners, 1 for the wait-list; else 0
 * @param at          when it happened
 */
public record PresaleRecord(String eventId, String kind, String accountId, String seed, long count, long registrants,
                            int round, Instant at) implements Versioned {

    public static final String REGISTERED = "registered";
    public static final String DRAWN = "drawn";
    public static final String GRANTED = "granted";
    public static final String USED = "used";
    public static final String RETURNED = "returned";

    public PresaleRecord {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(kind, "kind");
    }

    public static PresaleRecord registered(String eventId, String accountId, Instant at) {
        return new PresaleRecord(eventId, REGISTERED, accountId, null, 0, 0, 0, at);
    }

    public static PresaleRecord drawn(String eventId, String seed, long codes, long registrants, Instant at) {
        return new PresaleRecord(eventId, DRAWN, null, seed, codes, registrants, 0, at);
    }

    public static PresaleRecord granted(String eventId, String accountId, long place, int round, Instant at) {
        return new PresaleRecord(eventId, GRANTED, accountId, null, place, 0, round, at);
    }

    public static PresaleRecord used(String eventId, String accountId, Instant at) {
        return new PresaleRecord(eventId, USED, accountId, null, 0, 0, 0, at);
    }

    public static PresaleRecord returned(String eventId, String accountId, Instant at) {
        return new PresaleRecord(eventId, RETURNED, accountId, null, 0, 0, 0, at);
    }
}
