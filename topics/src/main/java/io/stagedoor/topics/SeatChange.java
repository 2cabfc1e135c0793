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
 */
public record SeatChange(String eventId, List<String> seats, SeatStatus status, String holdId, String cause,
                         Instant at) implements Versioned {

    public SeatChange {
        Objects.requireNonNull(eventId, "eventId");
        seats = List.copyOf(Objects.requireNonNull(seats, "seats"));
        Objects.requireNonNull(status, "status");
    }
}
