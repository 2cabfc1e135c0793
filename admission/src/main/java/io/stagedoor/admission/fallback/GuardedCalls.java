package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The Redis calls of one user under a {@link RedisOutagePolicy}: each is cut at the policy's deadline, and while
 * the user's breaker is open a call fails at once without touching the network. A failed call is the caller's cue
 * to fall back; it never throws on the calling thread.
 */
public final class GuardedCalls {

    private final String user;
    private final BreakerCalls breaker;
    private final DeadlineSweeper deadlines;
    private final Duration timeout;

    GuardedCalls(String user, BreakerCalls breaker, DeadlineSweeper deadlines, Duration timeout) {
        this.user = user;
        this.breaker = breaker;
        this.deadlines = deadlines;
        this.timeout = timeout;
    }

    /** Starts {@code operation} when the breaker permits; the copy of its future fails at the deadline. */
    public <T> CompletableFuture<T> call(Supplier<? extends CompletionStage<T>> operation) {
        long start = System.nanoTime();
        CompletableFuture<T> call = breaker.start(operation);
        if (BreakerCalls.notPermitted(call)) {
            return call;
        }
        return deadlines.watch(call, start)
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(unwrap(error) instanceof TimeoutException
                        ? new TimeoutException(AdmissionMessages.redisCallTimedOut(user, timeout)) : unwrap(error)))
                .whenComplete((value, error) -> breaker.ended(start, error));
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    public String state() {
        return breaker.state();
    }

    /** The deadline of one call. */
    public Duration timeout() {
        return timeout;
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
