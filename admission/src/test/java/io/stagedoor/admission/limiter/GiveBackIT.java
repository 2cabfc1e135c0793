package io.stagedoor.admission.limiter;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Limiter#giveBack} on the real Redis: what an admitted decision took comes back, once, and only what a bucket
 * store really took. The buckets refill one token an hour on a fixed clock, so every level read is what was taken and
 * given, nothing refilled.
 */
class GiveBackIT {

    private static final LimitPolicy SEATS = LimitPolicy.of("seats", 10, 1, Duration.ofHours(1),
            WhenUnavailable.FAIL_OPEN);
    private static final LimitPolicy ORGANIZER = LimitPolicy.of("organizer", 100, 1, Duration.ofHours(1),
            WhenUnavailable.FAIL_OPEN);
    private static final LimitPolicy ACCOUNT = LimitPolicy.of("account", 20, 1, Duration.ofHours(1),
            WhenUnavailable.LOCAL_BUCKET);

    private static RedisClient client;

    private final AtomicLong clock = new AtomicLong(1_900_000_000_000L);
    private final AdmissionMetrics metrics = new AdmissionMetrics(new SimpleMeterRegistry());
    private Limiter limiter;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(RealServers.redisUri());
    }

    @AfterAll
    static void disconnect() {
        client.shutdown();
    }

    @AfterEach
    void close() {
        if (limiter != null) {
            limiter.close();
        }
    }

    /** A deadline no loaded test machine misses, so every decision here is Redis's own. */
    private static final LimiterSettings PATIENT = LimiterSettings.defaults().withOutage(
            OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1)));

    private Limiter redis() {
        limiter = Limiter.builder().clock(clock::get).meterRegistry(metrics.registry()).settings(PATIENT)
                .keyNamespace(TestNames.unique("give-back")).redis(client);
        return limiter;
    }

    private Decision decide(LimitCheck... checks) {
        return limiter.decide(List.of(checks)).toCompletableFuture().join();
    }

    private double given(LimitPolicy limit) {
        return metrics.count(AdmissionMeter.GIVEN_BACK_TOKENS, AdmissionMeter.TAG_LIMIT, limit.name(),
                AdmissionMeter.TAG_RESULT, "given");
    }

    @Test
    void anAdmittedDecisionsTokensComeBackToEveryBucketItTookFrom() {
        redis();
        Decision hold = decide(new LimitCheck(SEATS, "buyer-1", 3), LimitCheck.of(ORGANIZER, "org-1"));
        assertThat(hold.admitted()).isTrue();

        limiter.giveBack(hold).toCompletableFuture().join();

        assertThat(decide(LimitCheck.of(SEATS, "buyer-1")).remaining()).isEqualTo(9);
        assertThat(decide(LimitCheck.of(ORGANIZER, "org-1")).remaining()).isEqualTo(99);
        assertThat(given(SEATS)).isEqualTo(3);
        assertThat(given(ORGANIZER)).isEqualTo(1);
    }

    @Test
    void aDecisionIsGivenBackOnceHoweverOftenItOrItsCopiesAreGiven() {
        redis();
        decide(new LimitCheck(SEATS, "buyer-2", 5));
        Decision second = decide(new LimitCheck(SEATS, "buyer-2", 2));
        assertThat(second.remaining()).isEqualTo(3);

        limiter.giveBack(second).toCompletableFuture().join();
        limiter.giveBack(second).toCompletableFuture().join();
        limiter.giveBack(second.at(clock.get() + 1)).toCompletableFuture().join();

        // Given back once: 3 + 2. Twice would have made 7 (and three times 9), tokens the buyer never had.
        assertThat(decide(LimitCheck.of(SEATS, "buyer-2")).remaining()).isEqualTo(4);
        assertThat(given(SEATS)).isEqualTo(2);
    }

    /** Many threads give one decision back at once (a late decision and a caller racing): one of them gives. */
    @RepeatedTest(5)
    void manyThreadsGivingOneDecisionBackGiveItOnce() throws Exception {
        redis();
        String buyer = TestNames.unique("buyer");
        Decision hold = decide(new LimitCheck(SEATS, buyer, 4));
        int threads = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<CompletionStage<Void>>> gives = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                gives.add(pool.submit(() -> {
                    start.await();
                    return limiter.giveBack(hold);
                }));
            }
            start.countDown();
            for (Future<CompletionStage<Void>> give : gives) {
                give.get().toCompletableFuture().join();
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(decide(LimitCheck.of(SEATS, buyer)).remaining()).isEqualTo(9);
        assertThat(given(SEATS)).isEqualTo(4);
    }

    @Test
    void aRefusalAndAnAnswerOfTheRefusalCacheGiveNothing() {
        redis();
        decide(new LimitCheck(SEATS, "buyer-3", 9));
        Decision refused = decide(new LimitCheck(SEATS, "buyer-3", 5));
        Decision cached = decide(new LimitCheck(SEATS, "buyer-3", 5));
        assertThat(refused.admitted()).isFalse();
        assertThat(cached.source()).isEqualTo(DecisionSource.REFUSAL_CACHE);

        limiter.giveBack(refused).toCompletableFuture().join();
        limiter.giveBack(cached).toCompletableFuture().join();
        limiter.giveBack(Decision.shed(SEATS)).toCompletableFuture().join();

        assertThat(decide(LimitCheck.of(SEATS, "buyer-3")).remaining()).isEqualTo(0);
        assertThat(given(SEATS)).isZero();
    }

    @Test
    void aShadowLimitBesideAnEnforcedOneIsNotGivenBack() {
        redis();
        LimitPolicy shadow = ORGANIZER.asShadow();
        Decision hold = decide(new LimitCheck(SEATS, "buyer-4", 2), new LimitCheck(shadow, "org-4", 7));
        assertThat(hold.admitted()).isTrue();
        assertThat(hold.source()).isEqualTo(DecisionSource.REDIS);

        limiter.giveBack(hold).toCompletableFuture().join();

        assertThat(decide(LimitCheck.of(SEATS, "buyer-4")).remaining()).isEqualTo(9);
        // The shadow take is an observation, not a charge the caller made: it stays as counted.
        assertThat(decide(LimitCheck.of(shadow, "org-4")).remaining()).isEqualTo(92);
        assertThat(given(shadow)).isZero();
    }

    /**
     * While Redis is unreachable a fail-open limit took nothing, so nothing comes back; a limit the fallback decided on
     * a local bucket took that bucket's tokens, and they come back to it.
     */
    @Test
    void duringAnOutageTheLocalBucketsTokensComeBackAndAFailOpenLimitGivesNothing() {
        limiter = Limiter.builder().clock(clock::get).meterRegistry(metrics.registry()).remote(new UnreachableStore());
        Decision open = decide(new LimitCheck(SEATS, "buyer-5", 4));
        assertThat(open.source()).isEqualTo(DecisionSource.FALLBACK_OPEN);
        limiter.giveBack(open).toCompletableFuture().join();
        assertThat(given(SEATS)).isZero();

        for (int i = 0; i < 30; i++) {
            Decision login = decide(LimitCheck.of(ACCOUNT, "owner"));
            assertThat(login.admitted()).as("login %d", i).isTrue();
            assertThat(login.source()).isEqualTo(DecisionSource.FALLBACK_LOCAL);
            limiter.giveBack(login).toCompletableFuture().join();
        }
        assertThat(decide(LimitCheck.of(ACCOUNT, "owner")).remaining()).isEqualTo(19);
        assertThat(given(ACCOUNT)).isEqualTo(30);
    }

    /** A Redis that refuses every connection: each take fails at once, an outage. */
    private static final class UnreachableStore implements BucketStore {
        @Override
        public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
            return CompletableFuture.failedFuture(new RedisConnectionException("connection refused"));
        }

        @Override
        public CompletionStage<Void> refund(List<BucketRequest> requests) {
            return CompletableFuture.failedFuture(new RedisConnectionException("connection refused"));
        }
    }
}
