package io.stagedoor.admission.redis;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.util.concurrent.EventExecutor;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.RedisStall;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis answers in well under a millisecond, but the threads that write our commands and read its replies (Lettuce's
 * event loops) are held for 150 ms right after they wrote a burst of calls, as a CPU taken by the rest of the process
 * holds them: the replies wait unread in the socket, and every call outlives its 50 ms deadline inside this process.
 * Coalesced takes that waited for those replies go out only when the loops catch up, and Redis, busy for
 * {@link #REDIS_BUSY_MILLIS} from just before then, answers them well within a deadline of their own but not within
 * a few milliseconds. The deadline is for a Redis that does not answer, counted from when it was asked, so once the
 * loops catch up each call is decided by Redis: nothing fails over to a fallback, nothing is shed, on one Redis and
 * on a three-primary cluster (a hold's two buckets on two nodes, two calls).
 *
 * <p>Runs only with {@code -Dstagedoor.stress=true}: on two shared cores it failed about one run in six, a round's
 * calls shed or expired as "readers behind" after the loops had caught up, a cause not yet found (issue 32's note).
 * The sweeper's rules themselves are held by {@code DeadlineSweeperTest} and {@code EventLoopReadersTest} in every
 * build.
 */
@EnabledIfSystemProperty(named = "stagedoor.stress", matches = "true")
class StarvedReadersIT {

    private static final long NOW = 1_900_000_000_000L;
    private static final long STARVED_MILLIS = 150;
    /** Redis is busy from this long before the loops are released... */
    private static final long REDIS_BUSY_BEFORE_RELEASE_MILLIS = 20;
    /** ...for this long: more than a few milliseconds after the release, less than a deadline. */
    private static final long REDIS_BUSY_MILLIS = 45;
    private static final int HOLDS = 64;
    private static final int WARM_BURSTS = 20;

    enum Shape { ONE, CLUSTER }

    private final LimitPolicy buyer = Limits.defaults().policy("buyer-seats");
    private final LimitPolicy organizer = Limits.defaults().policy("organizer-holds");

    @ParameterizedTest
    @EnumSource(Shape.class)
    void callsWhoseReadersWereStarvedAreDecidedByRedisOnceTheyCatchUp(Shape shape) throws Exception {
        List<String> nodes = shape == Shape.ONE ? List.of(RealServers.redisUri())
                : RedisClusterServers.shared().nodes();
        RedisEndpoint endpoint = shape == Shape.ONE ? RedisEndpoint.of(nodes.get(0)) : RedisEndpoint.cluster(nodes);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AdmissionMetrics metrics = new AdmissionMetrics(registry);
        try (RedisStall busy = RedisStall.primed(nodes, Duration.ofMillis(REDIS_BUSY_MILLIS));
             RedisAccess access = RedisAccess.open(endpoint, OutageSettings.defaults());
             Limiter limiter = Limiter.builder().clock(() -> NOW).meterRegistry(registry)
                     .keyNamespace(TestNames.unique("starved")).redis(access)) {
            String organizerId = TestNames.unique("org");
            assertThat(decide(limiter, TestNames.unique("warm"), organizerId).source())
                    .isEqualTo(DecisionSource.REDIS);
            // Unstarved bursts first, so that the compilers' first work on these paths is not mistaken for a stall.
            for (int warm = 0; warm < WARM_BURSTS; warm++) {
                for (CompletableFuture<Decision> hold : burst(limiter)) {
                    assertThat(hold.get(10, TimeUnit.SECONDS).source()).isEqualTo(DecisionSource.REDIS);
                }
            }
            for (int round = 0; round < 5; round++) {
                List<CompletableFuture<Decision>> holds = burst(limiter);
                starve(access, busy);
                for (CompletableFuture<Decision> hold : holds) {
                    Decision decision = hold.get(10, TimeUnit.SECONDS);
                    assertThat(decision.source()).as("round %d (deadline expired: %s caught up, %s behind; read late:"
                                    + " %s)", round,
                            metrics.count(AdmissionMeter.DEADLINE_EXPIRED, AdmissionMeter.TAG_READERS, "caught-up"),
                            metrics.count(AdmissionMeter.DEADLINE_EXPIRED, AdmissionMeter.TAG_READERS, "behind"),
                            metrics.count(AdmissionMeter.DEADLINE_CAUGHT_UP))
                            .isEqualTo(DecisionSource.REDIS);
                    assertThat(decision.admitted()).isTrue();
                }
            }
            assertThat(metrics.count(AdmissionMeter.DEADLINE_CAUGHT_UP)).as("calls past their deadline, read late")
                    .isPositive();
            assertThat(metrics.count(AdmissionMeter.DEADLINE_EXPIRED, AdmissionMeter.TAG_READERS, "caught-up")).isZero();
            assertThat(metrics.count(AdmissionMeter.DEADLINE_EXPIRED, AdmissionMeter.TAG_READERS, "behind")).isZero();
            assertThat(registry.find(AdmissionMeter.SHED_DECISIONS.meterName()).counters()).isEmpty();
            assertThat(registry.find(AdmissionMeter.FALLBACK_DECISIONS.meterName()).counters()).isEmpty();
        }
    }

    /** {@link #HOLDS} holds of distinct buyers and organizers, sent at once. */
    private List<CompletableFuture<Decision>> burst(Limiter limiter) {
        List<CompletableFuture<Decision>> holds = new ArrayList<>();
        for (int i = 0; i < HOLDS; i++) {
            holds.add(limiter.decide(List.of(LimitCheck.of(buyer, TestNames.unique("buyer")),
                    LimitCheck.of(organizer, TestNames.unique("org")))).toCompletableFuture());
        }
        return holds;
    }

    /**
     * Holds every event loop of the client for {@link #STARVED_MILLIS}, as a CPU taken by the rest of the process
     * holds them (a stall, not a wait for async work), and makes Redis busy shortly before they are released. Each
     * loop first writes the commands handed to it before, so their replies arrive while it is held and wait unread
     * in the socket.
     */
    private static void starve(RedisAccess access, RedisStall busy) throws InterruptedException {
        List<EventExecutor> loops = new ArrayList<>();
        access.replyReaders().forEach(loops::add);
        CountDownLatch holding = new CountDownLatch(loops.size());
        for (int i = 0; i < loops.size(); i++) {
            boolean first = i == 0;
            loops.get(i).execute(() -> {
                holding.countDown();
                try {
                    Thread.sleep(STARVED_MILLIS - REDIS_BUSY_BEFORE_RELEASE_MILLIS);
                    if (first) {
                        busy.once();
                    }
                    Thread.sleep(REDIS_BUSY_BEFORE_RELEASE_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
    }

    private Decision decide(Limiter limiter, String buyerId, String organizerId) throws Exception {
        return limiter.decide(List.of(LimitCheck.of(buyer, buyerId), LimitCheck.of(organizer, organizerId)))
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
