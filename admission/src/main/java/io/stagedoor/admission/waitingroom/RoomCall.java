package io.stagedoor.admission.waitingroom;

import java.util.Objects;

/**
 * What every store operation is told about the room: the event, the values a room starts with when this call
 * creates it (later calls never overwrite them), and the caller's clock, so the script is a pure function of its
 * inputs like the bucket's.
 *
 * @param eventId       the event
 * @param initialRate   the rate a new room starts at
 * @param opensAtMillis when entry starts
 * @param seed          the shuffle seed a new room records
 * @param nowMillis     the caller's clock
 */
public record RoomCall(String eventId, EntryRate initialRate, long opensAtMillis, long seed, long nowMillis) {

    public RoomCall {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(initialRate, "initialRate");
    }

    /** The same call with the rate divided among {@code instances} (the in-process share). */
    RoomCall share(int instances) {
        return new RoomCall(eventId, initialRate.share(instances), opensAtMillis, seed, nowMillis);
    }
}
