package io.stagedoor.admission.fallback;

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
    private final BreakerCalls calls;
    private final AdmissionMetrics metrics;
    private final DeadlineSweeper deadlines;

    public RedisOutageGuard(BucketStore redis, OutageSettings settings, AdmissionMetrics metrics) {
        this.redis = redis;
        this.metrics = metrics;
        this.deadlines = new DeadlineSweeper(settings.commandTimeout(), TICK);
        this.calls = new BreakerCalls(settings.breaker("stagedoor-redis"), LOG, AdmissionMessages::breakerTransition,
                metrics::breakerTransition);
    }

    @Override
    public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
        long start = System.nanoTime();
        CompletableFuture<BucketOutcome> call = calls.start(() -> redis.take(requests, nowMillis));
        if (BreakerCalls.notPermitted(call)) {
            return call;
        }
        return deadlines.watch(call, start)
                .whenComplete((outcome, error) -> {
                    metrics.redisCall(System.nanoTime() - start, error == null);
                    calls.ended(start, error);
                });
    }

    @Override
    public void close() {
        deadlines.close();
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    public String state() {
        return calls.state();
    }
}
