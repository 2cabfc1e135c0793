package io.stagedoor.client;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The buyer is waiting in the event's waiting room.
 *
 * @param ticket        the buyer's ticket, to ask about later
 * @param position      the place in the queue (1 is next); 0 when the service did not say
 * @param estimatedWait the service's estimate of the wait, when it gave one
 * @param retryAfter    when to ask again ({@code Retry-After}), when the service said
 * @param stats         what the call cost
 */
public record InQueue(String ticket, long position, Optional<Duration> estimatedWait, Optional<Duration> retryAfter,
                      CallStats stats) implements QueueAnswer {

    public InQueue {
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(estimatedWait, "estimatedWait");
        Objects.requireNonNull(retryAfter, "retryAfter");
        Objects.requireNonNull(stats, "stats");
    }
}
