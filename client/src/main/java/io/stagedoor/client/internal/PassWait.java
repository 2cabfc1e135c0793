package io.stagedoor.client.internal;

import io.stagedoor.client.ClientSettings;
import io.stagedoor.client.InQueue;
import io.stagedoor.client.Operation;
import io.stagedoor.client.QueueAnswer;
import io.stagedoor.client.RetryPolicy;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Joins an event's waiting room and asks about the ticket until a pass is issued or the deadline comes, waiting
 * between asks exactly the {@code Retry-After} the room gave (it is the room's pace, not a hint to beat), or
 * {@link ResultWait#DEFAULT_POLL_HINT} when it gave none. Joining twice returns the same ticket, so the join is
 * safe to retry.
 */
public final class PassWait {

    private final ClientSettings settings;
    private final RetryLoop loop;
    private final Routes routes;

    public PassWait(ClientSettings settings, RetryLoop loop, Routes routes) {
        this.settings = settings;
        this.loop = loop;
        this.routes = routes;
    }

    /** One ask: join ({@code ticket} null) or status; its answer carries the cost of the trace so far. */
    public CompletableFuture<QueueAnswer> ask(String token, String eventId, String ticket, String idempotencyKey,
                                              RetryPolicy policy, Trace trace) {
        return ask(token, eventId, ticket, idempotencyKey, Map.of(), policy, trace);
    }

    /** {@link #ask}, a join carrying {@code joinHeaders} (a presale code, a puzzle's solution). */
    private CompletableFuture<QueueAnswer> ask(String token, String eventId, String ticket, String idempotencyKey,
                                               Map<String, String> joinHeaders, RetryPolicy policy, Trace trace) {
        Function<Instant, HttpRequest> request = ticket == null
                ? sendAt -> Requests.post(routes.queue(eventId), token, new Bodies.Join(), idempotencyKey, null,
                        joinHeaders, policy.requestTimeout())
                : sendAt -> Requests.get(routes.queueTicket(eventId, ticket), token, -1, policy.requestTimeout());
        Operation operation = ticket == null ? Operation.QUEUE_JOIN : Operation.QUEUE_STATUS;
        return loop.run(operation, request, policy, trace).thenApply(exchange -> Answers.queued(exchange, trace));
    }

    public CompletableFuture<QueueAnswer> await(String token, String eventId, String idempotencyKey, Duration max,
                                                RetryPolicy policy) {
        return await(token, eventId, idempotencyKey, Map.of(), max, policy);
    }

    /** {@link #await}, its join carrying {@code joinHeaders}. */
    public CompletableFuture<QueueAnswer> await(String token, String eventId, String idempotencyKey,
                                                Map<String, String> joinHeaders, Duration max, RetryPolicy policy) {
        Trace trace = Trace.start(settings.clock(), max);
        return ask(token, eventId, null, idempotencyKey, joinHeaders, policy, trace)
                .thenCompose(answer -> next(token, eventId, answer, policy, trace));
    }

    private CompletableFuture<QueueAnswer> next(String token, String eventId, QueueAnswer answer, RetryPolicy policy,
                                                Trace trace) {
        if (!(answer instanceof InQueue waiting)) {
            return CompletableFuture.completedFuture(answer);
        }
        Duration pause = waiting.retryAfter().orElse(ResultWait.DEFAULT_POLL_HINT);
        if (trace.now().plus(pause).isAfter(trace.deadline())) {
            return CompletableFuture.completedFuture(answer);
        }
        trace.waiting(pause, waiting.retryAfter().isPresent());
        return settings.sleeper().sleep(pause)
                .thenCompose(slept -> ask(token, eventId, waiting.ticket(), null, policy, trace))
                .thenCompose(later -> next(token, eventId, later, policy, trace));
    }
}
