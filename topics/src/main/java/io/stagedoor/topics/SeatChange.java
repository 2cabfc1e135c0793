package io.stagedoor.topics;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The inventory changed the status of some seats of one event: held by a hold, sold, or available again
 * (a hold expired, was released, or a payment failed). Keyed by event id; the ingress's seat map reads it,
 * and the audit replays it to prove no seat was held or sold twice.
 *
 * @param eventId the event
 * @param seats   the seats whose status changed
 * @param status  their new status
 * @param holdId  the hold that caused the change
 * @param cause   what happened: "held", "expired", "released", "sold", "payment-declined", ...
 * @param at      when the inventory made the change
 * @param tickets for a sale, the ticket of each seat in the order of {@code seats}; else empty
 */
public record SeatChange(String eventId, List<String> seats, SeatStatus status, String holdId, String cause,
                         Instant at, List<String> tickets) implements Versioned {

    public SeatChange {
        Objects.requireNonNull(eventId, "eventId");
        seats = List.copyOf(Objects.requireNonNull(seats, "seats"));
        Objects.requireNonNull(status, "status");
        tickets = tickets == null ? List.of() : List.copyOf(tickets);
        if (!tickets.isEmpty() && tickets.size() != seats.size()) {
            throw new IllegalArgumentException(TopicsMessages.ticketsNotOnePerSeat(seats.size(), tickets.size()));
        }
    }

    /** A change that issues no tickets (held, expired, released). */
    public SeatChange(String eventId, List<String> seats, SeatStatus status, String holdId, String cause, Instant at) {
        this(eventId, seats, status, holdId, cause, at, List.of());
    }
}
