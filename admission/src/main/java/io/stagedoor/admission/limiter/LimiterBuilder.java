package io.stagedoor.admission.limiter;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.bucket.InProcessBucketStore;
import io.stagedoor.admission.bucket.RedisBucketStore;
import io.stagedoor.admission.fallback.RedisOutageGuard;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.admission.refusal.RefusalCache;

import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Assembles a {@link Limiter}. Optional: clock (default {@link System#currentTimeMillis()}), metrics (default
 * kept in memory), settings (default {@link LimiterSettings#defaults()}), key namespace (default none).
 * The terminal call chooses where buckets live.
 */
public final class LimiterBuilder {

    private LongSupplier clock = System::currentTimeMillis;
    private AdmissionMetrics metrics;
    private LimiterSettings settings = LimiterSettings.defaults();
    private String namespace = "";

    LimiterBuilder() {
    }

    /** The clock decisions are taken at, in milliseconds; tests pass a fake one. */
    public LimiterBuilder clock(LongSupplier millis) {
        this.clock = Objects.requireNonNull(millis, "clock");
        return this;
    }

    public LimiterBuilder meterRegistry(MeterRegistry registry) {
        this.metrics = new AdmissionMetrics(registry);
        return this;
    }

    public LimiterBuilder settings(LimiterSettings limiterSettings) {
        this.settings = Objects.requireNonNull(limiterSettings, "settings");
        return this;
    }

    /** Prefix for every Redis key, when several deployments share one Redis. */
    public LimiterBuilder keyNamespace(String prefix) {
        this.namespace = Objects.requireNonNull(prefix, "namespace");
        return this;
    }

    /** Buckets in this process: single-instance mode. */
    public Limiter inProcess() {
        return assemble(new InProcessBucketStore(settings.localBucketKeys()), DecisionSource.IN_PROCESS, () -> { });
    }

    /**
     * Buckets in the Redis at {@code redisUri}, through a {@link RedisAccess} of this limiter's own, cut and broken as
     * the settings' {@link LimiterSettings#outage()} says, and closed with the limiter.
     */
    public Limiter redis(String redisUri) {
        RedisAccess access = RedisAccess.open(RedisEndpoint.of(redisUri), settings.outage());
        return redis(access, access::close);
    }

    /**
     * Buckets in the process's shared Redis: its client, its deadline and breaker policy (a breaker of the
     * limiter's own), one call per request on a single node or one per hash slot on a cluster. The caller closes the
     * access after the limiter.
     */
    public Limiter redis(RedisAccess access) {
        return redis(access, () -> { });
    }

    private Limiter redis(RedisAccess access, Runnable afterClose) {
        RedisOutageGuard guard = access.policy().guardBuckets(access.bucketStore(settings.coalescing()), metrics(),
                access::isConnected);
        return assemble(guard, DecisionSource.REDIS, () -> {
            guard.close();
            afterClose.run();
        });
    }

    /** Buckets in Redis through a client the caller owns; the limiter closes only its connection. */
    public Limiter redis(RedisClient client) {
        StatefulRedisConnection<String, String> connection = client.connect(StringCodec.UTF8);
        RedisOutageGuard guard = guard(RedisBucketStore.on(connection, settings.coalescing()), connection::isOpen);
        return assemble(guard, DecisionSource.REDIS, () -> {
            guard.close();
            connection.close();
        });
    }

    /**
     * Buckets in any remote store, guarded by the timeout and breaker like Redis (cluster connections,
     * instrumented stores in tests).
     */
    public Limiter remote(BucketStore store) {
        RedisOutageGuard guard = guard(store, () -> true);
        return assemble(guard, DecisionSource.REDIS, guard::close);
    }

    /** @param connected whether the store's connection is up: a missed deadline on a closed one is an outage */
    private RedisOutageGuard guard(BucketStore redis, BooleanSupplier connected) {
        return new RedisOutageGuard(redis, settings.outage(), metrics(), connected);
    }

    private AdmissionMetrics metrics() {
        if (metrics == null) {
            metrics = AdmissionMetrics.inMemory();
        }
        return metrics;
    }

    private Limiter assemble(BucketStore primary, DecisionSource source, Runnable onClose) {
        return new BucketLimiter(primary, source, new InProcessBucketStore(settings.localBucketKeys()),
                new RefusalCache(settings.refusalCacheKeys()), metrics(), clock, namespace, onClose);
    }
}
