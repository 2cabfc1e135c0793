package io.stagedoor.client.internal;

import io.stagedoor.client.ClientSettings;
import io.stagedoor.client.Operation;
import io.stagedoor.client.ResultAnswer;
import io.stagedoor.client.RetryPolicy;
import io.stagedoor.client.StillPending;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Waits for one result with long polls ({@code Prefer: wait=N}, RFC 7240), each asking for what is left of the
 * deadline (at most 30 s), until a 200 or the deadline.
 *
 * <p>A 202 that the service held ({@code Preference-Applied: wait}) is followed by the next poll at once: its
 * {@code Retry-After} is a hint for clients that do not long-poll, and waiting it out would add a second to every
 * result that lands just after a poll ends. A 202 the service did not hold is followed by a wait of its
 * {@code Retry-After}, never less, so a service that ignores {@code Prefer} is not spun on. 429s and 503s are
 * retried by the {@link RetryLoop}, honouring theirs.
 */
public final class ResultWait {

    /** The longest long poll the service grants. */
    public static final long MAX_WAIT_SECONDS = 30;
    /** The wait after an unheld 202 that carried no Retry-After. */
    public static final Duration DEFAULT_POLL_HINT = Duration.ofSeconds(1);

    private final ClientSettings settings;
    private final RetryLoop loop;
    private final Routes routes;

    public ResultWait(ClientSettings settings, RetryLoop loop, Routes routes) {
        this.settings = settings;
        this.loop = loop;
        this.routes = routes;
    }

    public CompletableFuture<ResultAnswer> await(String token, String correlationId, Duration max,
                                                 RetryPolicy policy) {
        Trace trace = Trace.start(settings.clock(), max);
        return poll(new Wait(token, correlationId, routes.result(correlationId), policy, trace));
    }

    private record Wait(String token, String correlationId, URI uri, RetryPolicy policy, Trace trace) {
    }

    private CompletableFuture<ResultAnswer> poll(Wait wait) {
        AtomicLong asked = new AtomicLong();
        return loop.run(Operation.RESULT, sendAt -> {
                    asked.set(waitSeconds(sendAt, wait.trace.deadline()));
                    return Requests.get(wait.uri, wait.token, asked.get(), wait.policy.requestTimeout());
                }, wait.policy, wait.trace)
                .thenCompose(exchange -> {
                    if (!Answers.succeeded(exchange)) {
                        return CompletableFuture.completedFuture(
                                Answers.notSucceeded(exchange, wait.trace, ResultAnswer.class));
                    }
                    HttpResponse<String> response = ((CallOutcome.Answered) exchange).response();
                    if (response.statusCode() == 200) {
                        return CompletableFuture.completedFuture(Answers.decided(response, wait.trace));
                    }
                    return pending(wait, response, asked.get());
                });
    }

    private CompletableFuture<ResultAnswer> pending(Wait wait, HttpResponse<String> response, long askedSeconds) {
        Instant now = wait.trace.now();
        if (!now.isBefore(wait.trace.deadline())) {
            return stillPending(wait);
        }
        if (askedSeconds > 0 && held(response)) {
            return poll(wait);
        }
        Optional<Duration> hint = Answers.retryAfter(response, now);
        Duration pause = hint.orElse(DEFAULT_POLL_HINT);
        if (now.plus(pause).isAfter(wait.trace.deadline())) {
            return stillPending(wait);
        }
        wait.trace.waiting(pause, hint.isPresent());
        return settings.sleeper().sleep(pause).thenCompose(slept -> poll(wait));
    }

    private CompletableFuture<ResultAnswer> stillPending(Wait wait) {
        return CompletableFuture.completedFuture(new StillPending(wait.correlationId, wait.trace.total()));
    }

    private static boolean held(HttpResponse<String> response) {
        return response.headers().allValues(Requests.PREFERENCE_APPLIED).stream()
                .anyMatch(value -> value.toLowerCase(java.util.Locale.ROOT).contains("wait"));
    }

    /** Whole seconds left before the deadline, at most 30: a poll never asks to be held past the deadline. */
    static long waitSeconds(Instant now, Instant deadline) {
        long left = Duration.between(now, deadline).toSeconds();
        return Math.clamp(left, 0, MAX_WAIT_SECONDS);
    }
}
