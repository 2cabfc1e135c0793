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
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A {@link RoomStore} around the Redis one that fails fast, under the process's one {@link RedisOutagePolicy}: each
 * call is cut at its deadline, and once the failure rate crosses the threshold the room's circuit opens and calls
 * fail at once until a probe succeeds. {@link ShareFallback} answers the calls that failed. A reply Redis gives to a
 * call that failed here (shed, or past its deadline) goes to {@link UnusedReplies} when it arrives.
 */
final class RoomStoreGuard implements RoomStore {

    private static final Logger LOG = LoggerFactory.getLogger(RoomStoreGuard.class);

    private final RoomStore redis;
    private final GuardedCalls calls;
    private final long timeoutMillis;
    private final UnusedReplies unused;

    /**
     * @param deadline the longest a room call may take ({@link RoomOptions#outage()}: 1 s by default)
     * @param unused   hears what Redis answered to the calls that failed here
     */
    RoomStoreGuard(RoomStore redis, RedisOutagePolicy policy, java.time.Duration deadline, UnusedReplies unused) {
        this.redis = redis;
        this.calls = policy.calls("waiting room", LOG, AdmissionMessages::roomBreakerTransition, deadline);
        this.timeoutMillis = calls.timeout().toMillis();
        this.unused = unused;
    }

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return heard(call, buyerId, () -> redis.join(call, buyerId, newTicket));
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        return heard(call, buyerId, () -> redis.look(call, buyerId, ticket));
    }

    @Override
    public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
        return heard(call, null, () -> redis.reserve(call, places));
    }

    @Override
    public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
        return heard(call, claim.buyerId(), () -> redis.claim(call, claim));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        return heard(call, null, () -> redis.control(call, rate, paused));
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return heard(call, null, () -> redis.snapshot(call));
    }

    @Override
    public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
        return heard(call, buyerId, () -> redis.end(call, buyerId));
    }

    @Override
    public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
        return guarded(() -> redis.session(eventId, buyerId, ticket, nowMillis));
    }

    @Override
    public CompletionStage<Long> drawn(String eventId, long start) {
        return guarded(() -> redis.drawn(eventId, start));
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    String state() {
        return calls.state();
    }

    /** {@link #guarded}, handing Redis's own reply to {@link #unused} when the guarded call failed. */
    private CompletionStage<RoomReply> heard(RoomCall call, String buyerId,
                                             Supplier<CompletionStage<RoomReply>> operation) {
        AtomicReference<CompletionStage<RoomReply>> sent = new AtomicReference<>();
        return guarded(() -> {
            CompletionStage<RoomReply> reply = operation.get();
            sent.set(reply);
            return reply;
        }).whenComplete((used, error) -> {
            CompletionStage<RoomReply> reply = sent.get();
            if (error != null && reply != null) {
                reply.thenAccept(late -> unused.heard(call, buyerId, late));
            }
        });
    }

    private <T> CompletionStage<T> guarded(Supplier<CompletionStage<T>> operation) {
        return calls.call(operation).exceptionallyCompose(error -> {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            return CompletableFuture.failedFuture(cause instanceof TimeoutException
                    ? new TimeoutException(AdmissionMessages.timedOut(timeoutMillis)) : cause);
        });
    }
}
