package io.stagedoor.client.internal;

import io.stagedoor.client.ClientSettings;
import io.stagedoor.client.GiveUp;
import io.stagedoor.client.Operation;
import io.stagedoor.client.RetryAfter;
import io.stagedoor.client.RetryPolicy;
import io.stagedoor.client.RetryStep;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * Sends one request until it gets an answer worth returning. A 429 or 503 is retried after exactly its
 * {@code Retry-After} (measured from when the answer arrived, so never early), or after a backoff when it carried
 * none; a request that got no answer is retried after a backoff; any other answer is returned as it is. It stops at
 * the policy's attempt budget, or sooner when the next attempt could not begin before the call's deadline: it never
 * shortens a wait to fit. No thread waits: the pause is a {@link io.stagedoor.client.Sleeper} future.
 */
public final class RetryLoop {

    /** The statuses worth retrying: the caller was early (429) or the service was busy (503). */
    public static final Set<Integer> RETRYABLE = Set.of(429, 503);

    private final ClientSettings settings;

    public RetryLoop(ClientSettings settings) {
        this.settings = settings;
    }

    /**
     * Runs the exchange. {@code request} makes the request for a send time (a long poll asks for less as the
     * deadline nears; a POST returns the same request, idempotency key and all, every time).
     */
    public CompletableFuture<CallOutcome> run(Operation operation, Function<Instant, HttpRequest> request,
                                           RetryPolicy policy, Trace trace) {
        return attempt(new Run(operation, request, policy, trace), 1, 0);
    }

    private record Run(Operation operation, Function<Instant, HttpRequest> request, RetryPolicy policy, Trace trace) {
    }

    private CompletableFuture<CallOutcome> attempt(Run run, int attempt, int backoffs) {
        Instant sentAt = run.trace.sending();
        return settings.httpClient().sendAsync(run.request.apply(sentAt), HttpResponse.BodyHandlers.ofString())
                .handle((response, error) -> error == null
                        ? answered(run, attempt, backoffs, response)
                        : failed(run, attempt, backoffs, unwrap(error)))
                .thenCompose(Function.identity());
    }

    private CompletableFuture<CallOutcome> answered(Run run, int attempt, int backoffs, HttpResponse<String> response) {
        Instant at = run.trace.answered(response.statusCode());
        if (!RETRYABLE.contains(response.statusCode())) {
            return CompletableFuture.completedFuture(new CallOutcome.Answered(response, Optional.empty()));
        }
        Optional<Duration> asked = RetryAfter.parse(
                response.headers().firstValue(Requests.RETRY_AFTER).orElse(null), at);
        int nextBackoffs = asked.isPresent() ? backoffs : backoffs + 1;
        Duration wait = asked.orElseGet(() -> run.policy.backoff(nextBackoffs, settings.jitter().getAsDouble()));
        Optional<GiveUp> stop = stopReason(run, attempt, at, wait);
        if (stop.isPresent()) {
            return CompletableFuture.completedFuture(new CallOutcome.Answered(response, stop));
        }
        return retry(run, new RetryStep(attempt, response.statusCode(), Optional.empty(), wait, asked.isPresent()),
                nextBackoffs);
    }

    private CompletableFuture<CallOutcome> failed(Run run, int attempt, int backoffs, Throwable failure) {
        if (!(failure instanceof IOException)) {
            // not a network failure (a bad argument, a bug): retrying would fail the same way
            return CompletableFuture.failedFuture(failure);
        }
        Instant at = run.trace.failed();
        Duration wait = run.policy.backoff(backoffs + 1, settings.jitter().getAsDouble());
        Optional<GiveUp> stop = stopReason(run, attempt, at, wait);
        if (stop.isPresent()) {
            return CompletableFuture.completedFuture(new CallOutcome.Failed(failure, stop.get()));
        }
        return retry(run, new RetryStep(attempt, 0, Optional.of(failure), wait, false), backoffs + 1);
    }

    private CompletableFuture<CallOutcome> retry(Run run, RetryStep step, int backoffs) {
        settings.listener().onRetry(run.operation, step);
        run.trace.waiting(step.pause(), step.fromRetryAfter());
        return settings.sleeper().sleep(step.pause())
                .thenCompose(slept -> attempt(run, step.attempt() + 1, backoffs));
    }

    /** Whether to stop instead of waiting {@code wait}: empty means retry. A decision, not an exception. */
    static Optional<GiveUp> stopReason(Run run, int attemptsMade, Instant now, Duration wait) {
        if (attemptsMade >= run.policy.maxAttempts()) {
            return Optional.of(GiveUp.ATTEMPTS_EXHAUSTED);
        }
        if (now.plus(wait).isAfter(run.trace.deadline())) {
            return Optional.of(GiveUp.DEADLINE_EXCEEDED);
        }
        return Optional.empty();
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
