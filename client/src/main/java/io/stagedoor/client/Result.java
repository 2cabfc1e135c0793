package io.stagedoor.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The one result of an accepted hold or checkout, as {@code GET /v1/results/{id}} returns it. Fields a result does
 * not have are null (lists: empty); fields this client does not know are ignored.
 *
 * @param correlationId the request's id
 * @param status        held, confirmed, rejected or failed
 * @param reason        why it was rejected or failed
 * @param eventId       the event
 * @param holdId        the hold created or paid for
 * @param seats         the seats concerned
 * @param expiresAt     when a hold expires
 * @param orderId       the order of a confirmed checkout
 * @param tickets       the tickets of a confirmed checkout
 * @param acceptedAt    when the service accepted the request
 * @param decidedAt     when it was decided
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Result(String correlationId, ResultStatus status, String reason, String eventId, String holdId,
                     List<String> seats, Instant expiresAt, String orderId, List<String> tickets, Instant acceptedAt,
                     Instant decidedAt) {

    public Result {
        Objects.requireNonNull(correlationId, "correlationId");
        status = status == null ? ResultStatus.UNKNOWN : status;
        seats = seats == null ? List.of() : List.copyOf(seats);
        tickets = tickets == null ? List.of() : List.copyOf(tickets);
    }

    /** Whether the request did what it asked: a hold held, a checkout confirmed. */
    public boolean succeeded() {
        return status == ResultStatus.HELD || status == ResultStatus.CONFIRMED;
    }
}
