package io.stagedoor.admission.limiter;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two ingress instances (two limiters, each with a Redis access of its own) and 32 callers on each, released at
 * once on one fresh buyer bucket: the script is the only place tokens are taken, so exactly the capacity is
 * admitted, never one more, whatever the interleaving at the server. Run on a single Redis and on a three-primary
 * Redis Cluster, 50 rounds each.
 */
class ConcurrentExactnessIT {

    private static final int CALLERS_PER_INSTANCE = 32;
    private static final int ROUNDS = 50;
    private static final long NOW = 1_900_000_000_000L;
    private static final Map<Deployment, Limiter[]> INSTANCES = new EnumMap<>(Deployment.class);
    private static final List<RedisAccess> ACCESSES = new ArrayList<>();
    private static ExecutorService callers;

    /** Where the buckets live. */
    enum Deployment {
        SINGLE_NODE {
            @Override
            RedisEndpoint endpoint() {
                return RedisEndpoint.of(RealServers.redisUri());
            }
        },
        CLUSTER {
            @Override
            RedisEndpoint endpoint() {
                return RedisEndpoint.cluster(RedisClusterServers.shared().nodes());
            }
        };

        abstract RedisEndpoint endpoint();
    }

    @BeforeAll
    static void start() {
        callers = Executors.newFixedThreadPool(2 * CALLERS_PER_INSTANCE);
    }

    @AfterAll
    static void stop() {
        callers.shutdownNow();
        INSTANCES.values().forEach(pair -> Arrays.stream(pair).forEach(Limiter::close));
        ACCESSES.forEach(RedisAccess::close);
    }

    /** Two limiters on {@code deployment}, opened on first use. */
    private static synchronized Limiter[] instances(Deployment deployment) {
        return INSTANCES.computeIfAbsent(deployment, d -> {
            // A generous timeout: this test is about exactness, and a timed-out call would fail open by design.
            LimiterSettings settings = LimiterSettings.defaults()
                    .withOutage(OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1)));
            Limiter[] pair = new Limiter[2];
            for (int i = 0; i < 2; i++) {
                RedisAccess access = RedisAccess.open(d.endpoint(), settings.outage());
                Limiter limiter = Limiter.builder().clock(() -> NOW).settings(settings).redis(access);
                ACCESSES.add(access);
                pair[i] = limiter;
            }
            return pair;
        });
    }

    static Stream<Arguments> rounds() {
        return Arrays.stream(Deployment.values())
                .flatMap(deployment -> IntStream.rangeClosed(1, ROUNDS).mapToObj(round -> Arguments.of(deployment, round)));
    }

    @ParameterizedTest(name = "{0} round {1}")
    @MethodSource("rounds")
    void twoInstancesAdmitExactlyTheBurstOfOneFreshBuyer(Deployment deployment, int round) throws Exception {
        Limiter first = instances(deployment)[0];
        Limiter second = instances(deployment)[1];
        LimitCheck hold = LimitCheck.of(Limits.defaults().policy("buyer-seats"), TestNames.unique("buyer"));
        CountDownLatch ready = new CountDownLatch(2 * CALLERS_PER_INSTANCE);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<CompletableFuture<Decision>>> calls = new ArrayList<>();
        for (int i = 0; i < 2 * CALLERS_PER_INSTANCE; i++) {
            Limiter instance = i % 2 == 0 ? first : second;
            calls.add(callers.submit(() -> {
                ready.countDown();
                go.await();
                return instance.decide(hold).toCompletableFuture();
            }));
        }
        assertThat(ready.await(10, TimeUnit.SECONDS)).isTrue();
        go.countDown();
        int admitted = 0;
        for (Future<CompletableFuture<Decision>> call : calls) {
            Decision decision = call.get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
            assertThat(decision.source()).isIn(DecisionSource.REDIS, DecisionSource.REFUSAL_CACHE);
            admitted += decision.admitted() ? 1 : 0;
        }
        assertThat(admitted).isEqualTo(10);
    }
}
