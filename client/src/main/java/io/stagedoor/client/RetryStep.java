package io.stagedoor.client;

import java.time.Duration;
import java.util.Optional;

/**
 * One decision to try again, as told to a {@link CallListener} before the wait begins.
 *
 * @param attempt        the attempt that failed (1-based within its request)
 * @param status         the status that refused it, or 0 when no answer came
 * @param failure        what went wrong when no answer came
 * @param pause          how long the client will wait before the next attempt
 * @param fromRetryAfter whether {@code pause} is the service's {@code Retry-After} (else a backoff or poll hint)
 */
public record RetryStep(int attempt, int status, Optional<Throwable> failure, Duration pause, boolean fromRetryAfter) {
}
