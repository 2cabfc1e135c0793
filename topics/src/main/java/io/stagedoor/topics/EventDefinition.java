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
 * @param maxSeatsPerBuyer the most seats one buyer may hold and buy of this event together (held seats stop counting
 *                    when their hold expires, sold ones never do); the inventory refuses a hold past it with
 *                    {@link Reasons#BUYER_SEAT_LIMIT}. Default {@value #DEFAULT_MAX_SEATS_PER_BUYER}, also for a
 *                    record written before the field existed
 */
public record EventDefinition(String eventId, String name, String organizerId, Instant onSaleAt,
                              List<String> seats, long priceCents, WaitingRoomSettings waitingRoom,
                              Integer maxSeatsPerBuyer) implements Versioned {

    /** What separates an event's id from a lane's name in the key of a lane's room; no event id contains it. */
    public static final char LANE_MARK = '~';

    /** Seats one buyer may hold and buy of an event whose definition does not say. */
    public static final int DEFAULT_MAX_SEATS_PER_BUYER = 8;
    /**
     * The JSON field of the cap, which a definition may leave out: where events are defined (the admin route,
     * {@code stagedoor events put}) the setting {@code ingress.max-seats-per-buyer} fills it in.
     */
    public static final String MAX_SEATS_PER_BUYER_FIELD = "maxSeatsPerBuyer";

    public EventDefinition {
        Objects.requireNonNull(eventId, "eventId");
        if (eventId.indexOf(LANE_MARK) >= 0) {
            throw new IllegalArgumentException(TopicsMessages.eventIdHasLaneMark(eventId));
        }
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
            throw new IllegalArgumentException(TopicsMessages.negativePrice(priceCents));
        }
        if (maxSeatsPerBuyer == null) {
            maxSeatsPerBuyer = DEFAULT_MAX_SEATS_PER_BUYER;
        }
        if (maxSeatsPerBuyer < 1) {
            throw new IllegalArgumentException(TopicsMessages.maxSeatsPerBuyerBelowOne(maxSeatsPerBuyer));
        }
    }

    /** An event whose buyers may each hold and buy {@value #DEFAULT_MAX_SEATS_PER_BUYER} seats. */
    public EventDefinition(String eventId, String name, String organizerId, Instant onSaleAt, List<String> seats,
                           long priceCents, WaitingRoomSettings waitingRoom) {
        this(eventId, name, organizerId, onSaleAt, seats, priceCents, waitingRoom, null);
    }

    /** This definition with another cap on the seats one buyer may hold and buy. */
    public EventDefinition withMaxSeatsPerBuyer(int max) {
        return new EventDefinition(eventId, name, organizerId, onSaleAt, seats, priceCents, waitingRoom, max);
    }

    /** This definition with another waiting room. */
    public EventDefinition withWaitingRoom(WaitingRoomSettings room) {
        return new EventDefinition(eventId, name, organizerId, onSaleAt, seats, priceCents, room, maxSeatsPerBuyer);
    }

    /** Whether the seat map has this seat. */
    public boolean hasSeat(String seatId) {
        return seats.contains(seatId);
    }
}
