package io.stagedoor.topics;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * An on-sale, as operators write it to the compacted events topic.
 *
 * @param eventId     the event's id; the key of every record about this event
 * @param name        what buyers see
 * @param organizerId whose aggregate limit the event's holds count against
 * @param onSaleAt    when the sale opens
 * @param seats       every seat id of the seat map, in display order
 * @param priceCents  the price of one seat
 * @param waitingRoom how buyers enter
 */
public record EventDefinition(String eventId, String name, String organizerId, Instant onSaleAt,
                              List<String> seats, long priceCents, WaitingRoomSettings waitingRoom) implements Versioned {

    public EventDefinition {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(organizerId, "organizerId");
        seats = List.copyOf(Objects.requireNonNull(seats, "seats"));
        if (waitingRoom == null) {
            waitingRoom = WaitingRoomSettings.disabled();
        }
        if (name == null) {
            name = eventId;
        }
        if (onSaleAt == null) {
            onSaleAt = Instant.EPOCH;
        }
        if (priceCents < 0) {
            throw new IllegalArgumentException("priceCents must not be negative, was " + priceCents);
        }
    }

    /** Whether the seat map has this seat. */
    public boolean hasSeat(String seatId) {
        return seats.contains(seatId);
    }
}
