package io.stagedoor.admission.fallback;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link BucketStore} around the Redis store that fails fast: every call is cut at the command timeout,
 * and once the failure rate crosses the threshold the circuit opens and calls fail at once, without touching
 * the network, until a probe succeeds. The caller treats any failure as "Redis unavailable" and falls back.
 * Logs once per breaker transition, never per request.
 */
public final class RedisOutageGuard implements BucketStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RedisOutageGuard.class);
    private static final Duration TICK = Duration.ofMillis(5);

    private final BucketStore redis;
    private final CircuitBreaker breaker;
    private final AdmissionMetrics metrics;
    private final DeadlineSweeper deadlines;
    private final AtomicReference<CircuitBreaker.State> observed;

    public RedisOutageGuard(BucketStore redis, OutageSettings settings, AdmissionMetrics metrics) {
        this.redis = redis;
        this.metrics = metrics;
        this.deadlines = new DeadlineSweeper(settings.commandTimeout(), TICK);
        this.breaker = settings.breaker("stagedoor-redis");
        // No event consumer on the breaker: with one registered, resilience4j builds a timestamped event object
        // for every call. Transitions are noticed by comparing states instead.
        this.observed = new AtomicReference<>(breaker.getState());
    }

    @Override
    public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
        boolean permitted = breaker.tryAcquirePermission();
        noticeTransition();
        if (!permitted) {
            return CompletableFuture.failedFuture(CallNotPermittedException.createCallNotPermittedException(breaker));
        }
        long start = System.nanoTime();
        CompletableFuture<BucketOutcome> call;
        try {
            // A copy, so a timeout fails our view of the call and never completes the store's own future.
            call = redis.take(requests, nowMillis).toCompletableFuture().thenApply(outcome -> outcome);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        return deadlines.watch(call, start)
                .whenComplete((outcome, error) -> {
                    long elapsed = System.nanoTime() - start;
                    metrics.redisCall(elapsed, error == null);
                    if (error == null) {
                        breaker.onSuccess(elapsed, TimeUnit.NANOSECONDS);
                    } else {
                        breaker.onError(elapsed, TimeUnit.NANOSECONDS, error);
                    }
                    noticeTransition();
                });
    }

    /** Logs and counts a state change once, whichever call observes it first. */
    private void noticeTransition() {
        CircuitBreaker.State last = observed.get();
        CircuitBreaker.State now = breaker.getState();
        if (now != last && observed.compareAndSet(last, now)) {
            metrics.breakerTransition(now.name());
            String message = AdmissionMessages.breakerTransition(last.name(), now.name());
            if (now == CircuitBreaker.State.CLOSED) {
                LOG.info(message);
            } else {
                LOG.warn(message);
            }
        }
    }

    @Override
    public void close() {
        deadlines.close();
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    public String state() {
        return breaker.getState().name();
    }
}
