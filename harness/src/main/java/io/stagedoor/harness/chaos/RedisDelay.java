package io.stagedoor.harness.chaos;

import java.time.Duration;

/**
 * Scenario 5: every byte to and from Redis 200 ms late (the {@link DelayProxy} the ingress instances reach Redis
 * through). The limiter's 50 ms deadline and breaker turn that into fallback decisions, counted, instead of slow
 * requests: no hold waits much beyond the deadline.
 */
final class RedisDelay implements FaultScenario {

    /** The limiter's Redis deadline (50 ms) and room for a busy two-core machine. */
    static final Duration MOST_ADDED_LATENCY = Duration.ofMillis(150);

    @Override
    public String name() {
        return "delay";
    }

    @Override
    public String fault(ChaosSettings settings) {
        return settings.redisDelay().toMillis() + " ms to Redis for " + settings.delayFor().toSeconds() + " s";
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        AdmissionSources before = AdmissionSources.scrape(cluster);
        cluster.redisProxy().delay(cluster.settings().redisDelay());
        Waits.pause(cluster.settings().delayFor());
        AdmissionSources during = AdmissionSources.scrape(cluster).since(before);
        cluster.redisProxy().delay(Duration.ZERO);
        expectations.expect("slow decisions fall back, counted", during.fallbacks() > 0,
                "decisions while slow " + during);
    }

    @Override
    public void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
        expectations.expect("decisions within the timeout budget",
                figures.worstAddedLatencyMs() <= MOST_ADDED_LATENCY.toMillis(),
                "worst added " + figures.worstAddedLatencyMs() + " ms (deadline 50 ms)");
    }
}
