package io.stagedoor.admission;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.bucket.InProcessBucketStore;
import io.stagedoor.admission.bucket.RedisBucketStore;
import io.stagedoor.admission.fallback.RedisOutageGuard;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.admission.refusal.RefusalCache;

import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Assembles a {@link Limiter}. Optional: clock (default {@link System#currentTimeMillis()}), metrics (default
 * kept in memory), settings (default {@link LimiterSettings#defaults()}), key namespace (default none).
 * The terminal call chooses where buckets live.
 */
public final class LimiterBuilder {

    private static final int REQUEST_QUEUE_BOUND = 65_536;

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

    /** Buckets in Redis, through a client this limiter creates, tunes for fast failure, and closes. */
    public Limiter redis(String redisUri) {
        ClientResources resources = ClientResources.builder()
                // Come back within a second of Redis returning, instead of Lettuce's default 30 s ceiling.
                .reconnectDelay(Delay.exponential(Duration.ofMillis(10), Duration.ofSeconds(1), 2,
                        java.util.concurrent.TimeUnit.MILLISECONDS))
                .build();
        RedisClient client = RedisClient.create(resources, redisUri);
        client.setOptions(ClientOptions.builder()
                // While disconnected, fail at once (and fall back) rather than queue decisions that would
                // spend tokens seconds later when Redis returns.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                // No Lettuce command timeout: it schedules a task per command on another thread, which costs
                // more than the decision. The guard's deadline sweeper bounds every call instead, and the breaker
                // stops sending while Redis hangs; the queue bound caps what a hang can pile up before it opens.
                .timeoutOptions(TimeoutOptions.builder().timeoutCommands(false).build())
                .requestQueueSize(REQUEST_QUEUE_BOUND)
                .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(1)).build())
                .build());
        StatefulRedisConnection<String, String> connection = client.connect(StringCodec.UTF8);
        RedisOutageGuard guard = guard(RedisBucketStore.on(connection, settings.coalescing()), connection::isOpen);
        return assemble(guard, DecisionSource.REDIS, () -> {
            guard.close();
            connection.close();
            client.shutdown();
            resources.shutdown();
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
