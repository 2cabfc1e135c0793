package io.stagedoor.client;

import java.util.Objects;

/**
 * The wait ran out before the result arrived. Nothing is lost: wait again with the same correlation id.
 *
 * @param correlationId the id to wait on
 * @param stats         what the call cost
 */
public record StillPending(String correlationId, CallStats stats) implements ResultAnswer {

    public StillPending {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(stats, "stats");
    }
}
