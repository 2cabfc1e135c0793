package io.stagedoor.topics;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A buyer asks to hold seats; written by the ingress once every ring admitted the request.
 *
 * @param correlationId the request's id; its result carries the same id
 * @param eventId       the event, also the record key
 * @param buyerId       who holds
 * @param seats         the seats, all or none
 * @param admittedAt    when the ingress admitted the request
 */
public record HoldRequested(String correlationId, String eventId, String buyerId, List<String> seats,
                            Instant admittedAt) implements Versioned {

    public HoldRequested {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(buyerId, "buyerId");
        seats = List.copyOf(Objects.requireNonNull(seats, "seats"));
    }
}
