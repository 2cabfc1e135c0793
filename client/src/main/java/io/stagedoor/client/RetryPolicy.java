package io.stagedoor.client;

import java.time.Duration;
import java.util.Objects;

/**
 * When the client tries again. It retries only what can succeed later: a {@code 429} or {@code 503} (after waiting
 * exactly the {@code Retry-After} the service gave, never less) and a request that got no answer at all (a refused
 * or reset connection, a timeout), after an exponential backoff. It never retries any other status. A retried POST
 * carries the same {@code Idempotency-Key}, so it cannot hold or charge twice.
 *
 * @param maxAttempts    the most requests one logical call sends, the first included (default 5)
 * @param maxElapsed     the longest a call may take; a wait that would end past it is not begun (default 30 s)
 * @param initialBackoff the wait after the first failure without a Retry-After, doubling each time (default 100 ms)
 * @param maxBackoff     the longest backoff (default 5 s)
 * @param requestTimeout how long one request may take before it counts as a failure (default 10 s; long polls
 *                       get their wait on top)
 */
public record RetryPolicy(int maxAttempts, Duration maxElapsed, Duration initialBackoff, Duration maxBackoff,
                          Duration requestTimeout) {

    public static final int DEFAULT_MAX_ATTEMPTS = 5;
    public static final Duration DEFAULT_MAX_ELAPSED = Duration.ofSeconds(30);
    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(100);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(5);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException(ClientMessages.notPositive("maxAttempts", maxAttempts));
        }
        positive("maxElapsed", maxElapsed);
        positive("initialBackoff", initialBackoff);
        positive("maxBackoff", maxBackoff);
        positive("requestTimeout", requestTimeout);
    }

    /** The defaults listed above. */
    public static RetryPolicy defaults() {
        return new RetryPolicy(DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_ELAPSED, DEFAULT_INITIAL_BACKOFF,
                DEFAULT_MAX_BACKOFF, DEFAULT_REQUEST_TIMEOUT);
    }

    /** One attempt, no retries: for callers (a load driver) that want to see every refusal themselves. */
    public static RetryPolicy noRetries() {
        return defaults().withMaxAttempts(1);
    }

    public RetryPolicy withMaxAttempts(int attempts) {
        return new RetryPolicy(attempts, maxElapsed, initialBackoff, maxBackoff, requestTimeout);
    }

    public RetryPolicy withMaxElapsed(Duration elapsed) {
        return new RetryPolicy(maxAttempts, elapsed, initialBackoff, maxBackoff, requestTimeout);
    }

    public RetryPolicy withBackoff(Duration initial, Duration max) {
        return new RetryPolicy(maxAttempts, maxElapsed, initial, max, requestTimeout);
    }

    public RetryPolicy withRequestTimeout(Duration timeout) {
        return new RetryPolicy(maxAttempts, maxElapsed, initialBackoff, maxBackoff, timeout);
    }

    /**
     * The wait after the {@code failures}-th failure that came without a Retry-After: the exponential step
     * {@code initialBackoff × 2^(failures−1)}, capped at {@code maxBackoff}, scaled into its upper half by
     * {@code jitter} in [0, 1) so that clients cut off together do not come back together.
     */
    public Duration backoff(int failures, double jitter) {
        long initial = initialBackoff.toNanos();
        int doublings = Math.min(Math.max(failures - 1, 0), 40);
        long step = initial > (Long.MAX_VALUE >> doublings) ? Long.MAX_VALUE : initial << doublings;
        long capped = Math.min(step, maxBackoff.toNanos());
        double spread = Math.min(Math.max(jitter, 0.0), 1.0);
        return Duration.ofNanos(capped / 2 + (long) (capped / 2 * spread));
    }

    private static void positive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(ClientMessages.notPositive(field, value));
        }
    }
}
