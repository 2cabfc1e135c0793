package io.stagedoor.admission.waitingroom;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.stagedoor.admission.fallback.OutageSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
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
    private final CircuitBreaker breaker;
    private final long timeoutMillis;
    private final AtomicReference<CircuitBreaker.State> observed;

    RoomStoreGuard(RoomStore redis, OutageSettings settings) {
        this.redis = redis;
        this.timeoutMillis = settings.commandTimeout().toMillis();
        this.breaker = settings.breaker("stagedoor-waiting-room");
        this.observed = new AtomicReference<>(breaker.getState());
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
        return breaker.getState().name();
    }

    private CompletionStage<RoomReply> guarded(Supplier<CompletionStage<RoomReply>> operation) {
        boolean permitted = breaker.tryAcquirePermission();
        noticeTransition();
        if (!permitted) {
            return CompletableFuture.failedFuture(CallNotPermittedException.createCallNotPermittedException(breaker));
        }
        long start = System.nanoTime();
        CompletableFuture<RoomReply> call;
        try {
            // A copy, so the timeout fails our view of the call and never completes Lettuce's own future.
            call = operation.get().toCompletableFuture().thenApply(reply -> reply);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        return call.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(error instanceof TimeoutException
                        ? new TimeoutException(RoomMessages.timedOut(timeoutMillis)) : error))
                .whenComplete((reply, error) -> {
                    long elapsed = System.nanoTime() - start;
                    if (error == null) {
                        breaker.onSuccess(elapsed, TimeUnit.NANOSECONDS);
                    } else {
                        breaker.onError(elapsed, TimeUnit.NANOSECONDS, error);
                    }
                    noticeTransition();
                });
    }

    private void noticeTransition() {
        CircuitBreaker.State last = observed.get();
        CircuitBreaker.State now = breaker.getState();
        if (now != last && observed.compareAndSet(last, now)) {
            String message = RoomMessages.breakerTransition(last.name(), now.name());
            if (now == CircuitBreaker.State.CLOSED) {
                LOG.info(message);
            } else {
                LOG.warn(message);
            }
        }
    }
}
