package io.stagedoor.client;

import java.time.Duration;
import java.util.Objects;

/**
 * What one logical call cost, measured by the client's clock: the figures a load report needs ("429s seen, and did
 * the client honour Retry-After").
 *
 * @param attempts            HTTP requests sent, polls included
 * @param rateLimited         {@code 429} answers seen
 * @param overloaded          {@code 503} answers seen
 * @param connectionFailures  requests that got no answer (refused, reset, timed out)
 * @param waited              total time between an answer and the retry or poll that followed a wait
 * @param retryAfterWaits     waits the service asked for with {@code Retry-After}
 * @param retryAfterAsked     their total
 * @param retryAfterHonoured  whether every request after a {@code Retry-After} was sent no earlier than it said
 *                            (true when none was asked)
 * @param elapsed             from the call's start to its answer
 */
public record CallStats(int attempts, int rateLimited, int overloaded, int connectionFailures, Duration waited,
                        int retryAfterWaits, Duration retryAfterAsked, boolean retryAfterHonoured, Duration elapsed) {

    public static final CallStats NONE = new CallStats(0, 0, 0, 0, Duration.ZERO, 0, Duration.ZERO, true,
            Duration.ZERO);

    public CallStats {
        Objects.requireNonNull(waited, "waited");
        Objects.requireNonNull(retryAfterAsked, "retryAfterAsked");
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /** Two calls made one after the other (a hold, then the wait for its result). */
    public CallStats plus(CallStats next) {
        return new CallStats(attempts + next.attempts, rateLimited + next.rateLimited, overloaded + next.overloaded,
                connectionFailures + next.connectionFailures, waited.plus(next.waited),
                retryAfterWaits + next.retryAfterWaits, retryAfterAsked.plus(next.retryAfterAsked),
                retryAfterHonoured && next.retryAfterHonoured, elapsed.plus(next.elapsed));
    }

    /** Requests beyond the first. */
    public int retries() {
        return Math.max(attempts - 1, 0);
    }
}
