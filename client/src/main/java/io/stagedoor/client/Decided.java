package io.stagedoor.client;

import java.util.Objects;

/**
 * The request's one result arrived: held, confirmed, rejected or failed.
 *
 * @param result the result
 * @param stats  what the call cost (for a hold-and-await, the hold and the wait together)
 */
public record Decided(Result result, CallStats stats) implements ResultAnswer {

    public Decided {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(stats, "stats");
    }
}
