package io.stagedoor.client;

import java.util.Objects;

/**
 * The wait is over without a pass to use: the event sold out ({@code sold-out}), its room closed ({@code closed}), or
 * the ticket's pass expired or its session ended ({@code expired}, {@code ended}; joining again gives a new ticket), or
 * the buyer left ({@code left}). Asking again will not change it.
 *
 * @param ticket  the ticket asked about; null when a join was turned away
 * @param status  the service's word for it: sold-out, closed, expired, ended or left
 * @param message what the service said to tell the buyer, when it said
 * @param stats   what the call cost
 */
public record WaitOver(String ticket, String status, String message, CallStats stats) implements QueueAnswer {

    public WaitOver {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(stats, "stats");
    }
}
