package io.stagedoor.admission.limiter;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.bucket.RedisBucketStore;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The limiter over the real shared Redis, with a counter of script calls around the real store. */
class RedisLimiterIT {

    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;

    private final AtomicLong clock = new AtomicLong(1_900_000_000_000L);
    private final AtomicInteger scriptCalls = new AtomicInteger();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AdmissionMetrics metrics = new AdmissionMetrics(registry);
    private final LimitPolicy buyer = Limits.defaults().policy("buyer-seats");
    private final LimitPolicy organizer = Limits.defaults().policy("organizer-holds");
    private Limiter limiter;

    /** The real Redis store, counting its calls: no mock stands in for Redis here. */
    private final class CountingStore implements BucketStore {
        private final BucketStore redis = RedisBucketStore.on(connection);

        @Override
        public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
            scriptCalls.incrementAndGet();
            return redis.take(requests, nowMillis);
        }

        @Override
        public CompletionStage<Void> refund(List<BucketRequest> requests) {
            return redis.refund(requests);
        }
    }

    @BeforeAll
    static void connect() {
        client = RedisClient.create(RealServers.redisUri());
        connection = client.connect(StringCodec.UTF8);
    }

    @AfterAll
    static void disconnect() {
        connection.close();
        client.shutdown();
    }

    @AfterEach
    void close() {
        limiter.close();
    }

    private Decision decide(LimitCheck... checks) {
        if (limiter == null) {
            limiter = Limiter.builder().clock(clock::get).meterRegistry(registry)
                    .keyNamespace(TestNames.unique("limiter")).remote(new CountingStore());
        }
        return limiter.decide(List.of(checks)).toCompletableFuture().join();
    }

    @Test
    void aRefusedKeyIsRefusedAgainWithoutARedisCallUntilItsRetryAfter() {
        LimitCheck hold = LimitCheck.of(buyer, "b1");
        for (int i = 0; i < 11; i++) {
            decide(hold);
        }
        assertThat(scriptCalls).hasValue(11);
        for (int i = 0; i < 100; i++) {
            clock.addAndGet(50);
            Decision cached = decide(hold);
            assertThat(cached.source()).isEqualTo(DecisionSource.REFUSAL_CACHE);
            assertThat(cached.admitted()).isFalse();
        }
        assertThat(decide(hold).retryAfterSeconds()).isEqualTo(1);
        assertThat(scriptCalls).hasValue(11);
        assertThat(metrics.count(AdmissionMeter.REFUSAL_CACHE_HITS, "limit", "buyer-seats")).isEqualTo(101);
        clock.addAndGet(1_000);
        assertThat(decide(hold).source()).isEqualTo(DecisionSource.REDIS);
        assertThat(scriptCalls).hasValue(12);
    }

    @Test
    void retryAfterIsTrueThroughRedis() {
        LimitCheck hold = LimitCheck.of(buyer, "b2");
        for (int i = 0; i < 10; i++) {
            assertThat(decide(hold).admitted()).isTrue();
        }
        Decision eleventh = decide(hold);
        assertThat(eleventh.retryAfterSeconds()).isEqualTo(6);
        assertThat(eleventh.source()).isEqualTo(DecisionSource.REDIS);
        clock.addAndGet(6_000);
        assertThat(decide(hold).admitted()).isTrue();
        assertThat(decide(hold).admitted()).isFalse();
    }

    @Test
    void aSmallerCostIsStillAskedOfRedisAfterALargerOneWasRefused() {
        decide(new LimitCheck(buyer, "b3", 8));
        assertThat(decide(new LimitCheck(buyer, "b3", 5)).source()).isEqualTo(DecisionSource.REDIS);
        assertThat(decide(new LimitCheck(buyer, "b3", 2)).admitted()).isTrue();
    }

    @Test
    void allOrNothingHoldsThroughOneScriptCall() {
        for (int i = 0; i < 10; i++) {
            decide(LimitCheck.of(buyer, "b4"));
        }
        int before = scriptCalls.get();
        Decision refused = decide(LimitCheck.of(organizer, "o4"), LimitCheck.of(buyer, "b4"));
        assertThat(refused.refusedBy()).isEqualTo(buyer);
        assertThat(scriptCalls.get() - before).isEqualTo(1);
        assertThat(decide(LimitCheck.of(organizer, "o4")).remaining()).isEqualTo(199);
    }
}
