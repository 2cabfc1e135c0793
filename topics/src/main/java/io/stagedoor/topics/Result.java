package io.stagedoor.topics;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The one terminal result of an accepted request, keyed by correlation id. Only {@code owner} may read it.
 *
 * @param correlationId the request's id
 * @param owner         the principal that made the request (a buyer id)
 * @param status        held, confirmed, rejected or failed
 * @param reason        why it was rejected or failed, else null
 * @param eventId       the event
 * @param holdId        the hold created or paid for, else null
 * @param seats         the seats concerned
 * @param expiresAt     when a hold expires, else null
 * @param orderId       the order of a confirmed checkout, else null
 * @param tickets       the tickets of a confirmed checkout (one per seat), else empty
 * @param acceptedAt    when the ingress accepted the request
 * @param decidedAt     when the worker decided
 */
public record Result(String correlationId, String owner, ResultStatus status, String reason, String eventId,
                     String holdId, List<String> seats, Instant expiresAt, String orderId, List<String> tickets,
                     Instant acceptedAt, Instant decidedAt) implements Versioned {

    public Result {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(status, "status");
        seats = seats == null ? List.of() : List.copyOf(seats);
        tickets = tickets == null ? List.of() : List.copyOf(tickets);
    }

    /** A hold was created. */
    public static Result held(HoldRequested request, String holdId, Instant expiresAt, Instant decidedAt) {
        return new Result(request.correlationId(), request.buyerId(), ResultStatus.HELD, null, request.eventId(),
                holdId, request.seats(), expiresAt, null, List.of(), request.admittedAt(), decidedAt);
    }

    /** A hold request could not be granted. */
    public static Result rejected(HoldRequested request, String reason, Instant decidedAt) {
        return new Result(request.correlationId(), request.buyerId(), ResultStatus.REJECTED, reason,
                request.eventId(), null, request.seats(), null, null, List.of(), request.admittedAt(), decidedAt);
    }

    /** A checkout could not go ahead, or its payment failed. */
    public static Result rejected(CheckoutRequested request, String reason, List<String> seats, Instant decidedAt) {
        return new Result(request.correlationId(), request.buyerId(), ResultStatus.REJECTED, reason,
                request.eventId(), request.holdId(), seats, null, null, List.of(), request.admittedAt(), decidedAt);
    }

    /** A checkout was paid and its seats sold. */
    public static Result confirmed(CheckoutRequested request, List<String> seats, String orderId,
                                   List<String> tickets, Instant decidedAt) {
        return new Result(request.correlationId(), request.buyerId(), ResultStatus.CONFIRMED, null,
                request.eventId(), request.holdId(), seats, null, orderId, tickets, request.admittedAt(), decidedAt);
    }

    /** Whether the request succeeded. */
    public boolean succeeded() {
        return status == ResultStatus.HELD || status == ResultStatus.CONFIRMED;
    }
}
