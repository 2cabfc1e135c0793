package io.stagedoor.client;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The buyer's turn came: send {@code pass} with holds for this event ({@link RequestOptions#withWaitingRoomPass}).
 *
 * @param ticket    the ticket that was admitted
 * @param pass      the signed pass
 * @param expiresAt when the pass stops working, when the service said
 * @param stats     what the call cost
 */
public record PassIssued(String ticket, String pass, Optional<Instant> expiresAt, CallStats stats)
        implements QueueAnswer {

    public PassIssued {
        Objects.requireNonNull(pass, "pass");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(stats, "stats");
    }
}
