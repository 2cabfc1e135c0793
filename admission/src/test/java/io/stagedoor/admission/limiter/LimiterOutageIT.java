package io.stagedoor.admission.limiter;

import io.lettuce.core.RedisClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.testsupport.PrivateRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Redis of the test's own is stopped and restarted under a limiter built the production way. While it is
 * down, every decision still completes within about 100 ms, fail-open limits admit (counted), local-bucket
 * limits keep limiting; once it is back, decisions come from Redis again.
 */
class LimiterOutageIT {

    private static final long DECISION_DEADLINE_MILLIS = 100;
    /** The guard's hang silence (2 s of running time) and room for the stalls of a loaded machine. */
    private static final long HANG_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(6);

    private final Limits limits = Limits.defaults();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AdmissionMetrics metrics = new AdmissionMetrics(registry);
    private final AtomicInteger subjects = new AtomicInteger();
    private PrivateRedis redis;
    private Limiter limiter;

    @BeforeEach
    void start() {
        redis = PrivateRedis.start();
        limiter = Limiter.builder().meterRegistry(registry).redis(redis.uri());
    }

    @AfterEach
    void stop() {
        limiter.close();
        redis.close();
    }

    private Decision decideWithinDeadline(LimitCheck check) throws Exception {
        return limiter.decide(check).toCompletableFuture().get(DECISION_DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Test
    void aHangingRedisCostsNoMoreThanTheCommandTimeout() throws Exception {
        RedisClient pauser = RedisClient.create(redis.uri());
        try (var connection = pauser.connect()) {
            // A warm-up, not under test: a cold JVM on a loaded machine may take longer than the deadline bound.
            limiter.decide(LimitCheck.of(limits.policy("scanner-key"), "warm-up")).toCompletableFuture().get(10, TimeUnit.SECONDS);
            // The server accepts the connection but answers nobody for 8 s: slower than down.
            connection.sync().clientPause(8_000);
            long paused = System.nanoTime();
            // An idle process falls back at the first deadline. A process the machine's other work overloads may
            // shed first (it cannot yet tell the hang from its own slowness), but only until Redis has been silent
            // for the guard's hang silence: then the fallback decides, within the deadline.
            Decision decision;
            long elapsed;
            do {
                long start = System.nanoTime();
                decision = limiter.decide(LimitCheck.of(limits.policy("scanner-key"), "k" + subjects.incrementAndGet()))
                        .toCompletableFuture().get(1, TimeUnit.SECONDS);
                elapsed = System.nanoTime() - start;
                assertThat(decision.source()).isIn(DecisionSource.FALLBACK_OPEN, DecisionSource.OVERLOADED);
            } while (decision.source() == DecisionSource.OVERLOADED && System.nanoTime() - paused < HANG_LIMIT_NANOS);
            assertThat(decision.source()).isEqualTo(DecisionSource.FALLBACK_OPEN);
            assertThat(elapsed).isLessThan(TimeUnit.MILLISECONDS.toNanos(DECISION_DEADLINE_MILLIS));
        } finally {
            pauser.shutdown();
        }
    }

    @Test
    void anOutageCostsMillisecondsAndEachLimitFallsBackAsConfigured() throws Exception {
        assertThat(decideWithinDeadline(LimitCheck.of(limits.policy("buyer-seats"), "b0")).source())
                .isEqualTo(DecisionSource.REDIS);
        redis.stop();

        for (int i = 0; i < 30; i++) {
            Decision open = decideWithinDeadline(LimitCheck.of(limits.policy("buyer-seats"), "b1"));
            assertThat(open.admitted()).isTrue();
            assertThat(open.source()).isEqualTo(DecisionSource.FALLBACK_OPEN);
        }
        int admittedLogins = 0;
        for (int i = 0; i < 15; i++) {
            Decision login = decideWithinDeadline(LimitCheck.of(limits.policy("login-address"), "10.0.0.1"));
            assertThat(login.source()).isEqualTo(DecisionSource.FALLBACK_LOCAL);
            admittedLogins += login.admitted() ? 1 : 0;
        }
        assertThat(admittedLogins).isEqualTo(10);
        assertThat(metrics.count(AdmissionMeter.FALLBACK_DECISIONS, "limit", "buyer-seats", "outcome", "admitted"))
                .isEqualTo(30);
        assertThat(metrics.count(AdmissionMeter.FALLBACK_DECISIONS, "limit", "login-address", "outcome", "refused"))
                .isEqualTo(5);
        assertThat(metrics.count(AdmissionMeter.BREAKER_TRANSITIONS, "state", "OPEN")).isEqualTo(1);

        redis.restart();
        // Half open, the breaker lets a few probes through before it closes: poll until it has.
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() ->
                decideWithinDeadline(LimitCheck.of(limits.policy("buyer-seats"), "after-" + subjects.incrementAndGet()))
                        .source() == DecisionSource.REDIS
                        && metrics.count(AdmissionMeter.BREAKER_TRANSITIONS, "state", "CLOSED") == 1);
        assertThat(decideWithinDeadline(LimitCheck.of(limits.policy("buyer-seats"), "b0")).remaining())
                .as("Redis restarted empty").isEqualTo(9);
    }
}
