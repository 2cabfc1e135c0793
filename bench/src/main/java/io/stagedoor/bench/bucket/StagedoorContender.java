package io.stagedoor.bench.bucket;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.limiter.LimiterSettings;
import io.stagedoor.admission.bucket.CallCoalescing;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;

/**
 * The whole {@link Limiter} path the ingress uses: refusal cache, breaker, metrics, one EVALSHA per decision or
 * fewer (decisions coalesced into shared calls as {@link CallCoalescing} says).
 */
final class StagedoorContender implements BucketContender {

    private final Limiter limiter;
    private final LimitPolicy policy;
    private final String name;
    private final LongAdder notFromRedis = new LongAdder();

    StagedoorContender(String name, String redisUri, LimitPolicy policy, CallCoalescing coalescing) {
        // A 1 s timeout: a timed-out call would fail open and flatter the figures; count any that slip through.
        this.limiter = Limiter.builder().keyNamespace("bench-" + name)
                .settings(LimiterSettings.defaults().withCoalescing(coalescing).withOutage(
                        OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1))))
                .redis(redisUri);
        this.policy = policy;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CompletableFuture<Boolean> decide(String key) {
        return limiter.decide(LimitCheck.of(policy, key)).toCompletableFuture().thenApply(this::admitted);
    }

    private boolean admitted(Decision decision) {
        if (decision.source() != DecisionSource.REDIS) {
            notFromRedis.increment();
        }
        return decision.admitted();
    }

    /** Decisions not taken by Redis (fallbacks): should stay 0 for the figures to mean anything. */
    long notFromRedis() {
        return notFromRedis.sum();
    }

    @Override
    public void close() {
        limiter.close();
    }
}
