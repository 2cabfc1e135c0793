package io.stagedoor.ingress.waitingroom;

import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.waitingroom.RoomOptions;
import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.presale.PresaleGate;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * What the waiting room needs from the ingress.
 *
 * @param catalog        the events, with their {@code WaitingRoomSettings} (enabled, rate, opening, pass lifetime)
 * @param redis          the Redis every instance shares (the process's one access), or null for a room in this
 *                       process only; the caller closes it after the room
 * @param passSecret     the secret passes are signed with (a key is derived from it), ≥ 32 bytes, the same on
 *                       every instance
 * @param kafka          the cluster the steps are published to, or null to publish none
 * @param topics         the topic names ({@link TopicNames#waitingRoom()})
 * @param registry       where metrics go
 * @param clock          the room's clock
 * @param instanceCount  ingress instances sharing the rate: without Redis each admits {@code rate / instanceCount}
 * @param seats          the seat map the instance follows, which tells when an event sold out; null for never
 * @param headroom       this instance's reading of the pipeline for rooms with a closed loop; null for no loop (the
 *                       caller closes it after the room)
 * @param options        how rooms run; its instance count is replaced by {@code instanceCount}
 * @param proxies        the load balancers whose {@code X-Forwarded-For} is believed, for the address a buyer joins
 *                       from (the parked lane's crowd rule)
 * @param presales       what a join asks during an event's presale; null for presales kept where the rooms are, with
 *                       no steps published
 */
public record WaitingRoomWiring(EventCatalog catalog, RedisAccess redis, byte[] passSecret, KafkaConnection kafka,
                                TopicNames topics, MeterRegistry registry, Clock clock, int instanceCount,
                                SeatMap seats, HeadroomProbe headroom, RoomOptions options, TrustedProxies proxies,
                                PresaleGate presales) {

    /** Wiring whose presales publish no steps. */
    public WaitingRoomWiring(EventCatalog catalog, RedisAccess redis, byte[] passSecret, KafkaConnection kafka,
                             TopicNames topics, MeterRegistry registry, Clock clock, int instanceCount,
                             SeatMap seats, HeadroomProbe headroom, RoomOptions options, TrustedProxies proxies) {
        this(catalog, redis, passSecret, kafka, topics, registry, clock, instanceCount, seats, headroom, options,
                proxies, null);
    }

    /** Wiring that believes no {@code X-Forwarded-For}: a buyer joins from the connection's address. */
    public WaitingRoomWiring(EventCatalog catalog, RedisAccess redis, byte[] passSecret, KafkaConnection kafka,
                             TopicNames topics, MeterRegistry registry, Clock clock, int instanceCount,
                             SeatMap seats, HeadroomProbe headroom, RoomOptions options) {
        this(catalog, redis, passSecret, kafka, topics, registry, clock, instanceCount, seats, headroom, options,
                new TrustedProxies(List.of()));
    }

    /** Wiring without a closed loop. */
    public WaitingRoomWiring(EventCatalog catalog, RedisAccess redis, byte[] passSecret, KafkaConnection kafka,
                             TopicNames topics, MeterRegistry registry, Clock clock, int instanceCount,
                             SeatMap seats) {
        this(catalog, redis, passSecret, kafka, topics, registry, clock, instanceCount, seats, null,
                RoomOptions.defaults());
    }

    /** Wiring without a seat map: the room never learns that an event sold out. */
    public WaitingRoomWiring(EventCatalog catalog, RedisAccess redis, byte[] passSecret, KafkaConnection kafka,
                             TopicNames topics, MeterRegistry registry, Clock clock, int instanceCount) {
        this(catalog, redis, passSecret, kafka, topics, registry, clock, instanceCount, null, null,
                RoomOptions.defaults());
    }

    public WaitingRoomWiring {
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(proxies, "proxies");
        if (passSecret == null || passSecret.length < 32) {
            throw new IllegalArgumentException(WaitingRoomMessages.passSecretTooShort());
        }
        passSecret = passSecret.clone();
        if (instanceCount < 1) {
            throw new IllegalArgumentException(WaitingRoomMessages.instanceCountNotPositive(instanceCount));
        }
    }

    @Override
    public byte[] passSecret() {
        return passSecret.clone();
    }
}
