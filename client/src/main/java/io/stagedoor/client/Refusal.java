package io.stagedoor.client;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The service said no, and the client stopped: either the status is final ({@link GiveUp#NOT_RETRYABLE}) or it was
 * a 429/503 and the retry budget or deadline ran out, in which case {@code retryAfter} says when to come back.
 *
 * @param status     the HTTP status of the last answer
 * @param problem    its RFC 9457 body (made up from the status when the service sent none)
 * @param retryAfter the last answer's {@code Retry-After}
 * @param rateLimit  the limit's state the last answer reported
 * @param giveUp     why the client stopped
 * @param stats      what the call cost
 */
public record Refusal(int status, Problem problem, Optional<Duration> retryAfter, Optional<RateLimit> rateLimit,
                      GiveUp giveUp, CallStats stats) implements SubmitAnswer, ResultAnswer, LoginAnswer, QueueAnswer {

    public Refusal {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(retryAfter, "retryAfter");
        Objects.requireNonNull(rateLimit, "rateLimit");
        Objects.requireNonNull(giveUp, "giveUp");
        Objects.requireNonNull(stats, "stats");
    }

    /** The kind of refusal, for branching. */
    public RefusalType type() {
        return RefusalType.of(status, problem.slug());
    }
}
