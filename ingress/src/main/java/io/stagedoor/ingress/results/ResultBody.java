package io.stagedoor.ingress.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stagedoor.topics.Result;
import java.time.Instant;
import java.util.List;

/** A result as its owner reads it over HTTP. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ResultBody(String correlationId, String status, String reason, String eventId, String holdId,
                         List<String> seats, Instant expiresAt, String orderId, List<String> tickets,
                         Instant acceptedAt, Instant decidedAt) {

    static ResultBody of(Result result) {
        return new ResultBody(result.correlationId(), result.status().wire(), result.reason(), result.eventId(),
                result.holdId(), result.seats(), result.expiresAt(), result.orderId(), result.tickets(),
                result.acceptedAt(), result.decidedAt());
    }

    /** The body of an accepted request whose result has not arrived. */
    public static ResultBody pending(String correlationId) {
        return new ResultBody(correlationId, "pending", null, null, null, null, null, null, null, null, null);
    }
}
