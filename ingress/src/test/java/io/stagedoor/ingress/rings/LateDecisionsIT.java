package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limit.LimitedRoute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.limiter.LimiterSettings;
import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.bucket.RedisBucketStore;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * A decision that arrives after the ingress stopped waiting for it costs nothing: on the real Redis, through a store
 * that holds back Redis's reply (the script has run and taken its tokens; only the answer is late), with the rings'
 * wait shortened to {@value #BACKSTOP_MILLIS} ms. The buckets do not refill (a fixed clock), so every remaining count
 * is what was taken and given.
 */
class LateDecisionsIT {

    private static final long BACKSTOP_MILLIS = 100;
    private static final long LATE_MILLIS = 400;
    private static final Limits LIMITS = Limits.defaults();

    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ConcurrentLinkedQueue<Decision> recorded = new ConcurrentLinkedQueue<>();
    private volatile LongSupplier replyDelayMillis = () -> 0;
    private Limiter limiter;
    private Decisions decisions;

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

    private void start(Duration backstop) {
        // The limiter's own deadline above every delay here: each decision is Redis's, only late for the ring.
        limiter = Limiter.builder().clock(() -> 1_900_000_000_000L).meterRegistry(registry)
                .settings(LimiterSettings.defaults().withOutage(
                        OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1))))
                .keyNamespace(TestNames.unique("late")).remote(new LateReplies(RedisBucketStore.on(connection)));
        decisions = new Decisions(limiter, (route, checks, decision) -> recorded.add(decision), backstop,
                RateLimitHeaders.CURRENT);
    }

    private static List<LimitCheck> hold(String buyer) {
        return List.of(new LimitCheck(LIMITS.policy("buyer-seats"), buyer, 1), LimitCheck.of(LIMITS.policy("organizer-holds"), "org"));
    }

    /**
     * The front stage stops waiting; Jersey's ring decides the hold again and admits it; then the first decision
     * arrives, admitted too. The buyer was charged for one hold: the late one is given back.
     */
    @Test
    void aHoldDecidedAgainAfterTheFrontStagesWaitRanOutIsChargedOnce() throws Exception {
        start(Duration.ofMillis(BACKSTOP_MILLIS));
        replyDelayMillis = () -> LATE_MILLIS;
        CompletableFuture<Decision> ahead = decisions.decideLater(hold("ada"), LimitedRoute.HOLDS)
                .toCompletableFuture();
        assertThatThrownBy(ahead::join).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(TimeoutException.class);
        replyDelayMillis = () -> 0;

        Decision jersey = decisions.decide(hold("ada"), LimitedRoute.HOLDS);
        assertThat(jersey.admitted()).isTrue();
        awaitGivenBack("buyer-seats", 1);

        // 10 seats: one for the hold, one for this probe. Charged twice for the hold, 7 would be left.
        assertThat(decisions.decide(hold("ada"), LimitedRoute.HOLDS).remaining()).isEqualTo(8);
        assertThat(givenBack("organizer-holds")).isEqualTo(1);
        assertThat(recorded).hasSize(2).allMatch(Decision::admitted);
    }

    /** A ring that waits past the backstop sheds the request (503), and the shed costs the buyer nothing. */
    @Test
    void aRingWhoseWaitRanOutShedsAndTheShedCostsNothing() throws Exception {
        start(Duration.ofMillis(BACKSTOP_MILLIS));
        replyDelayMillis = () -> LATE_MILLIS;

        Decision shed = decisions.decide(hold("grace"), LimitedRoute.HOLDS);

        assertThat(shed.shed()).isTrue();
        assertThat(decisions.refusal(shed).problem().status()).isEqualTo(503);
        assertThat(decisions.refusal(shed).problem().retryAfter()).isEqualTo(1L);
        replyDelayMillis = () -> 0;
        awaitGivenBack("buyer-seats", 1);
        assertThat(decisions.decide(hold("grace"), LimitedRoute.HOLDS).remaining()).isEqualTo(9);
        assertThat(recorded).extracting(Decision::verdict)
                .containsExactly(Decision.Verdict.SHED, Decision.Verdict.ADMITTED);
    }

    @Test
    void aDecisionInTimeIsUsedAndNothingIsGivenBack() {
        start(Duration.ofMillis(BACKSTOP_MILLIS));

        assertThat(decisions.decideLater(hold("linus"), LimitedRoute.HOLDS).toCompletableFuture().join().remaining())
                .isEqualTo(9);
        assertThat(decisions.decide(hold("linus"), LimitedRoute.HOLDS).remaining()).isEqualTo(8);
        assertThat(givenBack("buyer-seats")).isZero();
    }

    /**
     * The race the give-back rests on: replies that land about when the wait runs out. Each admitted decision is
     * either used (recorded, answered) or given back, never both and never neither, so the bucket ends charged for
     * exactly the decisions used. Many concurrent holds of one buyer, replies jittered around the backstop.
     */
    @RepeatedTest(3)
    void aDecisionRacingTheWaitIsEitherUsedOrGivenBackNeverBoth() throws Exception {
        start(Duration.ofMillis(50));
        LimitPolicy wide = LimitPolicy.of("wide-seats", 1_000, 1, Duration.ofHours(1), WhenUnavailable.FAIL_OPEN);
        decisions.decide(hold("warm-up"), LimitedRoute.HOLDS); // the script loaded, so the first reply is not late
        replyDelayMillis = () -> ThreadLocalRandom.current().nextLong(0, 101);
        int holds = 200;
        List<CompletableFuture<Decision>> asked = new ArrayList<>();
        for (int i = 0; i < holds; i++) {
            asked.add(decisions.decideLater(List.of(LimitCheck.of(wide, "racer")), LimitedRoute.HOLDS)
                    .toCompletableFuture());
        }
        int used = 0;
        for (CompletableFuture<Decision> decision : asked) {
            try {
                assertThat(decision.join().admitted()).isTrue();
                used++;
            } catch (CompletionException late) {
                assertThat(late).hasCauseInstanceOf(TimeoutException.class);
            }
        }
        assertThat(used).as("some replies beat the wait").isPositive().isLessThan(holds);
        awaitGivenBack("wide-seats", holds - used);
        replyDelayMillis = () -> 0;

        Decision probe = decisions.decide(List.of(LimitCheck.of(wide, "racer")), LimitedRoute.HOLDS);

        assertThat(probe.remaining()).isEqualTo(1_000 - used - 1);
        assertThat(recorded.stream().filter(d -> d.tightest().equals(wide))).hasSize(used + 1);
        assertThat(givenBack("wide-seats")).isEqualTo(holds - used);
    }

    private double givenBack(String limit) {
        Counter counter = registry.find(AdmissionMeter.GIVEN_BACK_TOKENS.meterName())
                .tags(AdmissionMeter.TAG_LIMIT, limit, AdmissionMeter.TAG_RESULT, "given").counter();
        return counter == null ? 0 : counter.count();
    }

    /** Polls the give-back counter until it shows {@code tokens}, for up to 10 s. */
    private void awaitGivenBack(String limit, long tokens) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (givenBack(limit) < tokens && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(givenBack(limit)).as("tokens of %s given back", limit).isEqualTo(tokens);
    }

    /** The real Redis store, whose replies reach the limiter late: the script ran, only its answer waits. */
    private final class LateReplies implements BucketStore {
        private final BucketStore redis;

        LateReplies(BucketStore redis) {
            this.redis = redis;
        }

        @Override
        public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
            long delay = replyDelayMillis.getAsLong();
            CompletionStage<BucketOutcome> reply = redis.take(requests, nowMillis);
            return delay == 0 ? reply : reply.thenApplyAsync(outcome -> outcome,
                    CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS));
        }

        @Override
        public CompletionStage<Void> refund(List<BucketRequest> requests) {
            return redis.refund(requests);
        }
    }
}
