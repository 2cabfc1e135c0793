package io.stagedoor.ingress.holds;

import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.topics.EventDefinition;
import java.util.List;

/**
 * A hold's request after validation: the event exists and every seat is one of its seats, named once.
 *
 * @param event the event the seats belong to
 * @param seats the seats asked for, at least one and at most the per-hold maximum
 */
public record HoldRequest(EventDefinition event, List<String> seats) {

    public HoldRequest {
        seats = List.copyOf(seats);
    }

    /** What the hold is limited as for {@code buyerId}: the buyer's seats, the event and its organizer. */
    public LimitSubject subject(String buyerId) {
        return LimitSubject.hold(buyerId, event.organizerId(), event.eventId(), seats.size());
    }
}
