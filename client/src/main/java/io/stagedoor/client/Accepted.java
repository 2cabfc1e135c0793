package io.stagedoor.client;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The service took the request (202): its result will appear at {@code location}.
 *
 * @param correlationId the id to read the result by
 * @param location      where the result is read, resolved against the client's base URI
 * @param pollHint      the {@code Retry-After} of the 202 (a hint for short polls; long polls need not wait)
 * @param rateLimit     the tightest limit's state after this request, when the service sent one
 * @param stats         what the call cost
 */
public record Accepted(String correlationId, URI location, Optional<Duration> pollHint,
                       Optional<RateLimit> rateLimit, CallStats stats) implements SubmitAnswer {

    public Accepted {
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(pollHint, "pollHint");
        Objects.requireNonNull(rateLimit, "rateLimit");
        Objects.requireNonNull(stats, "stats");
    }

    /** Requests left in the tightest limit's window, when the service said. */
    public OptionalLong rateLimitRemaining() {
        return rateLimit.map(limit -> OptionalLong.of(limit.remaining())).orElse(OptionalLong.empty());
    }
}
