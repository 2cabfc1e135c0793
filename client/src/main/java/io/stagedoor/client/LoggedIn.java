package io.stagedoor.client;

import java.util.Objects;

/**
 * The credentials were good: {@code token} is the bearer token for later calls.
 *
 * @param token the bearer token
 * @param stats what the call cost
 */
public record LoggedIn(String token, CallStats stats) implements LoginAnswer {

    public LoggedIn {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(stats, "stats");
    }

    @Override
    public String toString() {
        return "LoggedIn[token=…, stats=" + stats + "]";
    }
}
