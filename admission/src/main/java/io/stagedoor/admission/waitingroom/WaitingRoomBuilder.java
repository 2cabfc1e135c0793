package io.stagedoor.admission.waitingroom;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Assembles a {@link WaitingRoom}. Required: the pass secret. Optional: clock (default UTC system clock), meter
 * registry (default kept in memory), options (default {@link RoomOptions#defaults()}), steps (default none). The
 * terminal call chooses where rooms live.
 */
public final class WaitingRoomBuilder {

    private byte[] passSecret;
    private Clock clock = Clock.systemUTC();
    private MeterRegistry registry = new SimpleMeterRegistry();
    private RoomOptions options = RoomOptions.defaults();
    private RoomSteps steps = RoomSteps.none();

    WaitingRoomBuilder() {
    }

    /** The secret passes are signed with: at least 32 bytes, the same on every instance. */
    public WaitingRoomBuilder passSecret(byte[] secret) {
        this.passSecret = Objects.requireNonNull(secret, "passSecret").clone();
        return this;
    }

    public WaitingRoomBuilder clock(Clock roomClock) {
        this.clock = Objects.requireNonNull(roomClock, "clock");
        return this;
    }

    public WaitingRoomBuilder meterRegistry(MeterRegistry meters) {
        this.registry = Objects.requireNonNull(meters, "registry");
        return this;
    }

    public WaitingRoomBuilder options(RoomOptions roomOptions) {
        this.options = Objects.requireNonNull(roomOptions, "options");
        return this;
    }

    public WaitingRoomBuilder steps(RoomSteps roomSteps) {
        this.steps = Objects.requireNonNull(roomSteps, "steps");
        return this;
    }

    /** Rooms in this process only: single-instance mode (the whole rate, not a share). */
    public WaitingRoom inProcess() {
        return assemble(new InProcessRoomStore(), () -> { });
    }

    /** Rooms in Redis, through a client this room creates, tunes for fast failure, and closes. */
    public WaitingRoom redis(String redisUri) {
        // The limiter's client settings (LimiterBuilder), for the same reasons: reconnect within a second, reject
        // commands while disconnected rather than queue them, and bound waits with our own deadline.
        ClientResources resources = ClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ofMillis(10), Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS))
                .build();
        RedisClient client = RedisClient.create(resources, redisUri);
        client.setOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.builder().timeoutCommands(false).build())
                .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(1)).build())
                .build());
        StatefulRedisConnection<String, String> connection;
        try {
            connection = client.connect(StringCodec.UTF8);
        } catch (RuntimeException e) {
            client.shutdown();
            resources.shutdown();
            throw e;
        }
        return remote(new RedisRoomStore(connection.async(), options), () -> {
            connection.close();
            client.shutdown();
            resources.shutdown();
        });
    }

    /** Rooms in any remote store, guarded and backed by this instance's share like Redis (tests, clusters). */
    public WaitingRoom remote(RoomStore store, Runnable onClose) {
        WaitingRoomMetrics metrics = new WaitingRoomMetrics(registry);
        RoomStore guarded = new ShareFallback(new RoomStoreGuard(store, options.outage()), new InProcessRoomStore(),
                options.instanceCount(), metrics);
        return new WaitingRoom(guarded, signer(), clock, options, metrics, steps, onClose);
    }

    private WaitingRoom assemble(RoomStore store, Runnable onClose) {
        return new WaitingRoom(store, signer(), clock, options, new WaitingRoomMetrics(registry), steps, onClose);
    }

    private PassSigner signer() {
        if (passSecret == null) {
            throw new IllegalStateException("a waiting room needs a pass secret");
        }
        return new PassSigner(passSecret, clock);
    }
}
