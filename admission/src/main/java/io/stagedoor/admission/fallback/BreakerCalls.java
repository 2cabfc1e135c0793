package io.stagedoor.admission.fallback;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.slf4j.Logger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The circuit-breaker half of a Redis guard: asks the breaker before each call, tells it how the call ended, and
 * logs each state change once (warn when leaving CLOSED, info when back), whichever call observes it first. No
 * event consumer is registered on the breaker: with one, resilience4j builds a timestamped event object for every
 * call. The guard using it adds the deadline its calls need.
 */
public final class BreakerCalls {

    private final CircuitBreaker breaker;
    private final Logger log;
    private final BinaryOperator<String> transitionMessage;
    private final Consumer<String> onTransition;
    private final AtomicReference<CircuitBreaker.State> observed;

    /**
     * @param transitionMessage the log line for a change from one state name to another
     * @param onTransition      told the new state's name on each change (a metric)
     */
    public BreakerCalls(CircuitBreaker breaker, Logger log, BinaryOperator<String> transitionMessage,
                        Consumer<String> onTransition) {
        this.breaker = breaker;
        this.log = log;
        this.transitionMessage = transitionMessage;
        this.onTransition = onTransition;
        this.observed = new AtomicReference<>(breaker.getState());
    }

    /**
     * Starts {@code operation} when the breaker permits, as a copy of its future (so a deadline fails our view of
     * the call and never completes the client's own future); a failed future when it does not, or when the
     * operation throws.
     */
    public <T> CompletableFuture<T> start(Supplier<? extends CompletionStage<T>> operation) {
        boolean permitted = breaker.tryAcquirePermission();
        noticeTransition();
        if (!permitted) {
            return CompletableFuture.failedFuture(CallNotPermittedException.createCallNotPermittedException(breaker));
        }
        try {
            return operation.get().toCompletableFuture().thenApply(value -> value);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Whether {@code call} is one {@link #start} refused because the circuit is open: no call to count. */
    public static boolean notPermitted(CompletableFuture<?> call) {
        return call.isCompletedExceptionally() && call.exceptionNow() instanceof CallNotPermittedException;
    }

    /** Tells the breaker how a call started at {@code startNanos} ended. */
    public void ended(long startNanos, Throwable error) {
        long elapsed = System.nanoTime() - startNanos;
        if (error == null) {
            breaker.onSuccess(elapsed, TimeUnit.NANOSECONDS);
        } else {
            breaker.onError(elapsed, TimeUnit.NANOSECONDS, error);
        }
        noticeTransition();
    }

    /**
     * Tells the breaker that a call it permitted says nothing about the store's health (its outcome is unknown for
     * a reason of our own): the permission is given back, and the call counts neither as a success nor a failure.
     */
    public void released() {
        breaker.releasePermission();
        noticeTransition();
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    public String state() {
        return breaker.getState().name();
    }

    private void noticeTransition() {
        CircuitBreaker.State last = observed.get();
        CircuitBreaker.State now = breaker.getState();
        if (now != last && observed.compareAndSet(last, now)) {
            onTransition.accept(now.name());
            String message = transitionMessage.apply(last.name(), now.name());
            if (now == CircuitBreaker.State.CLOSED) {
                log.info(message);
            } else {
                log.warn(message);
            }
        }
    }
}
