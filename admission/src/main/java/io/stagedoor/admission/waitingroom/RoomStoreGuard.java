package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.fallback.RedisOutagePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A {@link RoomStore} around the Redis one that fails fast, under the process's one {@link RedisOutagePolicy}: each
 * call is cut at its deadline, and once the failure rate crosses the threshold the room's circuit opens and calls
 * fail at once until a probe succeeds. {@link ShareFallback} answers the calls that failed.
 */
final class RoomStoreGuard implements RoomStore {

    private static final Logger LOG = LoggerFactory.getLogger(RoomStoreGuard.class);

    private final RoomStore redis;
    private final GuardedCalls calls;
    private final long timeoutMillis;

    /** @param deadline the longest a room call may take ({@link RoomOptions#outage()}: 1 s by default) */
    RoomStoreGuard(RoomStore redis, RedisOutagePolicy policy, java.time.Duration deadline) {
        this.redis = redis;
        this.calls = policy.calls("waiting room", LOG, AdmissionMessages::roomBreakerTransition, deadline);
        this.timeoutMillis = calls.timeout().toMillis();
    }

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return guarded(() -> redis.join(call, buyerId, newTicket));
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        return guarded(() -> redis.look(call, buyerId, ticket));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        return guarded(() -> redis.control(call, rate, paused));
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return guarded(() -> redis.snapshot(call));
    }

    @Override
    public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
        return guarded(() -> redis.end(call, buyerId));
    }

    @Override
    public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
        return guarded(() -> redis.session(eventId, buyerId, ticket, nowMillis));
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    String state() {
        return calls.state();
    }

    private <T> CompletionStage<T> guarded(Supplier<CompletionStage<T>> operation) {
        return calls.call(operation).exceptionallyCompose(error -> {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            return CompletableFuture.failedFuture(cause instanceof TimeoutException
                    ? new TimeoutException(AdmissionMessages.timedOut(timeoutMillis)) : cause);
        });
    }
}
