package io.stagedoor.admission.redis;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.testsupport.SentinelServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A primary with a replica and a Sentinel, given as {@code redis-sentinel://…#mymaster}: the primary dies under
 * steady decisions; the fallbacks decide the gap, counted, and the limits come back from the promoted replica
 * within a bounded time.
 */
class SentinelFailoverIT {

    private static final Duration RESUMES_WITHIN = Duration.ofSeconds(45);

    @Test
    void limitsResumeOnThePromotedReplicaAndTheGapIsDecidedByCountedFallbacks() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (SentinelServers servers = SentinelServers.start();
             RedisAccess access = RedisAccess.open(RedisEndpoint.of(servers.uri()), OutageSettings.defaults()
                     .withCommandTimeout(Duration.ofMillis(200)));
             Limiter limiter = Limiter.builder().meterRegistry(registry).keyNamespace(TestNames.unique("sentinel"))
                     .redis(access)) {
            int replica = servers.replicaPort();
            // A fresh subject per decision: every decision is admitted, so no refusal cache answers for Redis.
            assertThat(decide(limiter).source()).isEqualTo(DecisionSource.REDIS);
            servers.killPrimary();
            Map<DecisionSource, Integer> sources = new EnumMap<>(DecisionSource.class);
            long deadline = System.nanoTime() + RESUMES_WITHIN.toNanos();
            boolean sawGap = false;
            Decision decision;
            do {
                assertThat(System.nanoTime() - deadline).as("limits resumed within %s", RESUMES_WITHIN).isNegative();
                decision = decide(limiter);
                sources.merge(decision.source(), 1, Integer::sum);
                if (decision.source() != DecisionSource.REDIS) {
                    sawGap = true;
                    assertThat(decision.source()).isIn(DecisionSource.FALLBACK_OPEN, DecisionSource.FALLBACK_LOCAL);
                    assertThat(decision.counted()).as("a fallback never claims a Redis count")
                            .isEqualTo(decision.source() == DecisionSource.FALLBACK_LOCAL);
                }
                pause();
            } while (!sawGap || decision.source() != DecisionSource.REDIS);
            assertThat(servers.primaryPort()).isEqualTo(replica);
            int fallbacks = sources.getOrDefault(DecisionSource.FALLBACK_OPEN, 0)
                    + sources.getOrDefault(DecisionSource.FALLBACK_LOCAL, 0);
            assertThat(fallbacks).isPositive();
            double counted = registry.find(AdmissionMeter.FALLBACK_DECISIONS.meterName())
                    .tag(AdmissionMeter.TAG_LIMIT, Limits.defaults().policy("buyer-seats").name()).counters().stream()
                    .mapToDouble(io.micrometer.core.instrument.Counter::count).sum();
            assertThat(counted).isEqualTo(fallbacks);
        }
    }

    private static Decision decide(Limiter limiter) {
        return limiter.decide(LimitCheck.of(Limits.defaults().policy("buyer-seats"), TestNames.unique("buyer")))
                .toCompletableFuture().join();
    }

    /** Steady decisions, about fifty a second: a pacing interval, not a wait for asynchronous work. */
    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
