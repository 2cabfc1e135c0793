package io.stagedoor.admission.waitingroom;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.fallback.RedisOutagePolicy;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;

import java.time.Clock;
import java.util.Objects;

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
    private RoomTimer timer;

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

    /** When joins' batches are sent (default: a thread of the room's own, after a real delay). */
    public WaitingRoomBuilder timer(RoomTimer roomTimer) {
        this.timer = Objects.requireNonNull(roomTimer, "timer");
        return this;
    }

    /** Rooms in this process only: single-instance mode (the whole rate, not a share). */
    public WaitingRoom inProcess() {
        return assemble(new InProcessRoomStore(), () -> { });
    }

    /** Rooms in the Redis at {@code redisUri}, through a {@link RedisAccess} of this room's own, closed with it. */
    public WaitingRoom redis(String redisUri) {
        RedisAccess access = RedisAccess.open(RedisEndpoint.of(redisUri), options.outage());
        return redis(access, access::close);
    }

    /**
     * Rooms in the process's shared Redis, under its breaker policy (a breaker of the room's own) and the deadline
     * of {@link RoomOptions#outage()} (room calls are heavier and off the hot path); the caller closes the access
     * after the room.
     */
    public WaitingRoom redis(RedisAccess access) {
        return redis(access, () -> { });
    }

    private WaitingRoom redis(RedisAccess access, Runnable afterClose) {
        return guarded(new RedisRoomStore(access.commands(), options), access.policy(), afterClose);
    }

    /** Rooms in any remote store, guarded and backed by this instance's share like Redis (tests). */
    public WaitingRoom remote(RoomStore store, Runnable onClose) {
        RedisOutagePolicy policy = new RedisOutagePolicy(options.outage());
        return guarded(store, policy, () -> {
            policy.close();
            onClose.run();
        });
    }

    private WaitingRoom guarded(RoomStore store, RedisOutagePolicy policy, Runnable onClose) {
        WaitingRoomMetrics metrics = new WaitingRoomMetrics(registry);
        return new WaitingRoom(unused -> new ShareFallback(
                new RoomStoreGuard(store, policy, options.outage().commandTimeout(), unused), new InProcessRoomStore(),
                options.instanceCount(), metrics), signer(), ticketSigner(), parkedTickets(), timer(), clock, options, metrics, steps, onClose, false);
    }

    private WaitingRoom assemble(RoomStore store, Runnable onClose) {
        return new WaitingRoom(unused -> store, signer(), ticketSigner(), parkedTickets(), timer(), clock, options,
                new WaitingRoomMetrics(registry), steps, onClose, true);
    }

    private RoomTimer timer() {
        return timer != null ? timer : RoomTimer.ownThread("waiting-room-joins");
    }

    private TicketSigner ticketSigner() {
        return new TicketSigner(secret());
    }

    private ParkedTickets parkedTickets() {
        return new ParkedTickets(secret(), options.tickets());
    }

    private PassSigner signer() {
        return new PassSigner(secret(), clock);
    }

    private byte[] secret() {
        if (passSecret == null) {
            throw new IllegalStateException(AdmissionMessages.noPassSecret());
        }
        return passSecret;
    }
}
