package io.stagedoor.admission.waitingroom;

import io.stagedoor.testsupport.FakeClock;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.testsupport.PrivateRedis;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Redis goes away: the instance admits its share of the rate from a queue of its own, and counts it. */
class RoomOutageIT {

    private static final Instant OPENS = Instant.parse("2026-12-01T19:00:00Z");
    /** 40 buyers per second over 4 instances: 10 per second each while Redis is unreachable. */
    private static final RoomPlan PLAN = RoomPlan.of(40, OPENS, Duration.ofMinutes(15));

    private final PrivateRedis redis = PrivateRedis.start();
    private final FakeClock clock = new FakeClock(OPENS);
    private final StepLog steps = new StepLog();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final WaitingRoom room = WaitingRoom.builder()
            .passSecret("a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8))
            .clock(clock).steps(steps).meterRegistry(registry)
            .options(RoomOptions.defaults().withInstanceCount(4)
                    .withOutage(OutageSettings.defaults().withCommandTimeout(Duration.ofMillis(100))
                            .withOpenFor(Duration.ofMillis(200))))
            .redis(redis.uri());

    @AfterEach
    void stop() {
        room.close();
        redis.close();
    }

    @Test
    void withRedisDownTheInstanceAdmitsItsShareInProcessCounted() {
        QueueTicket beforeOutage = room.join("concert", PLAN, "before").toCompletableFuture().join();
        assertThat(beforeOutage.source()).isEqualTo(RoomSource.REDIS);
        redis.stop();

        List<QueueTicket> queue = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            queue.add(room.join("concert", PLAN, "buyer-" + i).toCompletableFuture().join());
        }
        assertThat(queue).allMatch(ticket -> ticket.source() == RoomSource.IN_PROCESS)
                .allMatch(ticket -> ticket.ticket().startsWith(ShareFallback.LOCAL_PREFIX));
        assertThat(queue).extracting(QueueTicket::position).containsExactlyElementsOf(
                java.util.stream.LongStream.rangeClosed(1, 100).boxed().toList());
        // Estimates are honest about the share: position 100 at 10 per second.
        assertThat(queue.getLast().estimatedWait()).isEqualTo(Duration.ofSeconds(10));

        clock.advance(Duration.ofSeconds(5));
        int admitted = 0;
        for (QueueTicket ticket : queue) {
            QueueTicket now = room.look("concert", PLAN, ticket.buyerId(), ticket.ticket()).toCompletableFuture()
                    .join().orElseThrow();
            if (now.standing() == QueueTicket.Standing.ADMITTED) {
                admitted++;
                assertThat(room.check(now.pass().token(), "concert", ticket.buyerId())).isEqualTo(PassVerdict.VALID);
            }
        }
        assertThat(admitted).isEqualTo(50);
        assertThat(room.count(WaitingRoomMeter.FALLBACK, WaitingRoomMeter.TAG_OPERATION, "join")).isEqualTo(100);
        assertThat(registry.find(WaitingRoomMeter.ADMITTED.meterName()).tag(WaitingRoomMeter.TAG_SOURCE, "in-process")
                .counter().count()).isEqualTo(50);

        // A buyer whose ticket is in the unreachable queue gets a place in this instance's own.
        QueueTicket moved = room.look("concert", PLAN, "before", beforeOutage.ticket()).toCompletableFuture().join()
                .orElseThrow();
        assertThat(moved.ticket()).startsWith(ShareFallback.LOCAL_PREFIX);
        assertThat(moved.position()).isEqualTo(101);
    }

    @Test
    void whenRedisReturnsJoinsUseTheSharedQueueAgain() {
        room.join("concert", PLAN, "first").toCompletableFuture().join();
        redis.stop();
        assertThat(room.join("concert", PLAN, "during").toCompletableFuture().join().source())
                .isEqualTo(RoomSource.IN_PROCESS);
        redis.restart();
        Awaitility.await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(100)).until(() ->
                room.join("concert", PLAN, "after").toCompletableFuture().join().source() == RoomSource.REDIS);
    }
}
