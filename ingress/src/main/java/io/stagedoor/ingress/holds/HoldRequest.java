package io.stagedoor.ingress.holds;

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
}
