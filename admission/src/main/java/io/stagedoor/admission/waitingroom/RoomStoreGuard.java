package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.fallback.BreakerCalls;
import io.stagedoor.admission.fallback.OutageSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A {@link RoomStore} around the Redis one that fails fast: each call is cut at the command timeout, and once the
 * failure rate crosses the threshold the circuit opens and calls fail at once until a probe succeeds. The bucket's
 * {@code RedisOutageGuard} guards bucket calls only, and its deadline sweeper is built for tens of thousands of
 * calls a second; room calls are rarer, so {@link CompletableFuture#orTimeout} is cheap enough here.
 */
final class RoomStoreGuard implements RoomStore {

    private static final Logger LOG = LoggerFactory.getLogger(RoomStoreGuard.class);

    private final RoomStore redis;
    private final BreakerCalls calls;
    private final long timeoutMillis;

    RoomStoreGuard(RoomStore redis, OutageSettings settings) {
        this.redis = redis;
        this.timeoutMillis = settings.commandTimeout().toMillis();
        this.calls = new BreakerCalls(settings.breaker("stagedoor-waiting-room"), LOG, RoomMessages::breakerTransition,
                state -> { });
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

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    String state() {
        return calls.state();
    }

    private CompletionStage<RoomReply> guarded(Supplier<CompletionStage<RoomReply>> operation) {
        long start = System.nanoTime();
        CompletableFuture<RoomReply> call = calls.start(operation);
        if (BreakerCalls.notPermitted(call)) {
            return call;
        }
        return call.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(error instanceof TimeoutException
                        ? new TimeoutException(RoomMessages.timedOut(timeoutMillis)) : error))
                .whenComplete((reply, error) -> calls.ended(start, error));
    }
}
