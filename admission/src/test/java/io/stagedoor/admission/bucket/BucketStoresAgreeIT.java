package io.stagedoor.admission.bucket;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Redis script and the in-process twin are the same function: random bucket shapes and random sequences of
 * (clock step, which buckets, cost) give identical decisions, remaining counts and waits. Clock steps may be
 * negative, as a caller with a slower clock would send.
 */
class BucketStoresAgreeIT {

    record Shape(long capacity, long refillTokens, long periodMillis) {
    }

    record Step(long clockStepMillis, int buckets, long costA, long costB) {
    }

    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;
    private static RedisBucketStore redis;
    private static final String NAMESPACE = TestNames.unique("agree");
    private static final AtomicLong TRIES = new AtomicLong();

    @BeforeContainer
    static void connect() {
        client = RedisClient.create(RealServers.redisUri());
        connection = client.connect(StringCodec.UTF8);
        redis = RedisBucketStore.on(connection);
    }

    @AfterContainer
    static void disconnect() {
        connection.close();
        client.shutdown();
    }

    @Property(tries = 300)
    void redisAndInProcessDecideAlike(@ForAll("shape") Shape a, @ForAll("shape") Shape b,
                                      @ForAll("steps") List<Step> steps) {
        InProcessBucketStore local = new InProcessBucketStore(100);
        long tryId = TRIES.incrementAndGet();
        String keyA = BucketKeys.of(NAMESPACE, "a", Long.toString(tryId));
        String keyB = BucketKeys.of(NAMESPACE, "b", Long.toString(tryId));
        long now = 1_900_000_000_000L;
        for (Step step : steps) {
            now += step.clockStepMillis();
            List<BucketRequest> requests = new ArrayList<>(2);
            if (step.buckets() != 2) {
                requests.add(request(keyA, a, step.costA()));
            }
            if (step.buckets() != 1) {
                requests.add(request(keyB, b, step.costB()));
            }
            BucketOutcome fromRedis = redis.take(requests, now).toCompletableFuture().join();
            BucketOutcome fromProcess = local.take(requests, now).toCompletableFuture().join();
            assertThat(fromRedis).as("at %d after %s", now, step).isEqualTo(fromProcess);
        }
    }

    private static BucketRequest request(String key, Shape shape, long cost) {
        return new BucketRequest(key, shape.capacity(), shape.refillTokens(), shape.periodMillis(),
                Math.min(cost, shape.capacity()));
    }

    @Provide
    Arbitrary<Shape> shape() {
        // Keys expire on the wall clock; a time to fill of at least 5 s keeps expiry out of a fast-running try.
        return Combinators.combine(Arbitraries.longs().between(1, 300), Arbitraries.longs().between(1, 250),
                        Arbitraries.longs().between(1, 3_600_000))
                .as(Shape::new)
                .filter(s -> s.capacity() * s.periodMillis() / s.refillTokens() >= 5_000);
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Long> clockStep = Arbitraries.oneOf(Arbitraries.longs().between(-5_000, 0),
                Arbitraries.longs().between(0, 50), Arbitraries.longs().between(0, 20_000));
        return Combinators.combine(clockStep, Arbitraries.integers().between(0, 2),
                        Arbitraries.longs().between(1, 40), Arbitraries.longs().between(1, 40))
                .as(Step::new)
                .list().ofMinSize(1).ofMaxSize(60);
    }
}
