package io.stagedoor.client;

import java.util.Objects;

/**
 * No answer came: every attempt failed to connect, was reset or timed out, until the budget or deadline ran out.
 * A POST that ends here may still have been accepted; retry it with the same idempotency key to find out.
 *
 * @param cause  the last failure
 * @param giveUp why the client stopped
 * @param stats  what the call cost
 */
public record Unreachable(Throwable cause, GiveUp giveUp, CallStats stats)
        implements SubmitAnswer, ResultAnswer, LoginAnswer, QueueAnswer {

    public Unreachable {
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(giveUp, "giveUp");
        Objects.requireNonNull(stats, "stats");
    }
}
