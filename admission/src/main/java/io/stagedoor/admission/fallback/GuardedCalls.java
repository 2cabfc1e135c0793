package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The Redis calls of one user under a {@link RedisOutagePolicy}: each is cut at the policy's deadline, and while
 * the user's breaker is open a call fails at once without touching the network. A failed call never throws on the
 * calling thread; it fails in one of two ways, told apart by the limiter's own test ({@link OwnSaturation}):
 * <ul>
 *   <li>{@link ProcessOverloaded}: the call missed its deadline (or the breaker refused it) while this process was
 *       overloaded and Redis answered. The user sheds the request (503); it never answers from its own memory;</li>
 *   <li>anything else: Redis is unavailable, and the user's fallback answers.</li>
 * </ul>
 * Both are counted ({@link #sheds()}, {@link #outages()}).
 */
public final class GuardedCalls {

    private final String user;
    private final BreakerCalls breaker;
    private final DeadlineSweeper deadlines;
    private final Duration timeout;
    private final OwnSaturation saturation;
    private final String overloadedMessage;
    private final LongAdder sheds = new LongAdder();
    private final LongAdder outages = new LongAdder();

    GuardedCalls(String user, BreakerCalls breaker, DeadlineSweeper deadlines, Duration timeout,
                 BooleanSupplier connected) {
        this.user = user;
        this.breaker = breaker;
        this.deadlines = deadlines;
        this.timeout = timeout;
        this.saturation = new OwnSaturation(deadlines.overload(), connected, System.nanoTime());
        this.overloadedMessage = AdmissionMessages.processOverloaded(timeout);
    }

    /** Starts {@code operation} when the breaker permits; the copy of its future fails at the deadline. */
    public <T> CompletableFuture<T> call(Supplier<? extends CompletionStage<T>> operation) {
        return call(operation, reply -> { });
    }

    /**
     * The same; when the call is shed ({@link ProcessOverloaded}), {@code onShed} is first handed Redis's own reply to
     * it (still due, or arrived too late), before the caller sees the shed: Redis may still run the call, and the
     * user can undo what a call nobody was told of did (a scan). Not handed over when the call fell back: the
     * fallback answered in its place, and what Redis did stands.
     */
    public <T> CompletableFuture<T> call(Supplier<? extends CompletionStage<T>> operation,
                                         Consumer<CompletionStage<T>> onShed) {
        long start = System.nanoTime();
        @SuppressWarnings("unchecked")
        CompletionStage<T>[] sent = new CompletionStage[1];
        CompletableFuture<T> call = breaker.start(() -> sent[0] = operation.get().thenApply(value -> {
            saturation.replied(System.nanoTime());
            return value;
        }));
        if (BreakerCalls.notPermitted(call)) {
            if (saturation.answering(start)) {
                sheds.increment();
                return CompletableFuture.failedFuture(new ProcessOverloaded(overloadedMessage));
            }
            outages.increment();
            return call;
        }
        return deadlines.watch(call, start).handle((value, error) -> {
            if (error == null) {
                breaker.ended(start, null);
                return value;
            }
            long now = System.nanoTime();
            Throwable cause = unwrap(error);
            if (saturation.explains(cause, now)) {
                if (sent[0] != null) {
                    onShed.accept(sent[0]);
                }
                breaker.released();
                sheds.increment();
                throw new ProcessOverloaded(overloadedMessage);
            }
            saturation.outage(now);
            breaker.ended(start, cause);
            outages.increment();
            throw new CompletionException(cause instanceof TimeoutException
                    ? new TimeoutException(AdmissionMessages.redisCallTimedOut(user, timeout)) : cause);
        });
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    public String state() {
        return breaker.state();
    }

    /** The deadline of one call. */
    public Duration timeout() {
        return timeout;
    }

    /** What the calls are for ("scanned tickets"). */
    public String user() {
        return user;
    }

    /** Calls shed so far: missed while this process was overloaded and Redis answered. */
    public long sheds() {
        return sheds.sum();
    }

    /** Calls failed so far as an outage: each one the user's fallback answered. */
    public long outages() {
        return outages.sum();
    }

    /** Whether {@code error}, or what it wraps, is a call shed because this process was overloaded. */
    public static boolean shed(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof ProcessOverloaded) {
                return true;
            }
        }
        return false;
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
