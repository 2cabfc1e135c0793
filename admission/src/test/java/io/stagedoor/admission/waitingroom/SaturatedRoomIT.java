package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.fallback.ProcessOverloaded;
import io.stagedoor.testsupport.CpuBurner;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.PrivateRedis;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.RedisStall;
import io.stagedoor.testsupport.TestNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The waiting room under our own saturation: while Redis answers, a session check this saturated process cannot hear
 * in time is shed ({@link ProcessOverloaded}), never answered from the instance's own queue, which knows nothing of
 * the revocation and would let the pass through. The room's deadline is cut to 5 ms (from 1 s) so that the
 * saturation makes calls miss it on any machine. With Redis stopped, the own queue answers as before, counted.
 */
class SaturatedRoomIT {

    private static final byte[] SECRET = "a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    private static final Instant OPENS = Instant.parse("2026-12-01T19:00:00Z");
    private static final RoomPlan PLAN = RoomPlan.of(10, OPENS, Duration.ofMinutes(15)).withMaxActive(5);
    private static final int CHECKS = 400;

    private final FakeClock clock = new FakeClock(OPENS);
    private final RoomOptions patient = RoomOptions.defaults().withKeyNamespace(TestNames.unique("wr-saturated"));
    private final RoomOptions hurried = patient.withOutage(OutageSettings.defaults()
            .withCommandTimeout(Duration.ofMillis(5)));
    private final String event = TestNames.unique("saturated");

    @Test
    void aRevokedPassStaysRefusedOnBothInstancesWhileThisProcessIsSaturated() throws Exception {
        Map<PassVerdict, Integer> verdicts = new EnumMap<>(PassVerdict.class);
        int shed = 0;
        try (WaitingRoom operator = room(patient, RealServers.redisUri(), new SimpleMeterRegistry());
             WaitingRoom one = room(hurried, RealServers.redisUri(), new SimpleMeterRegistry());
             WaitingRoom two = room(hurried, RealServers.redisUri(), new SimpleMeterRegistry())) {
            String pass = admitted(operator, "mallory");
            assertThat(operator.end(event, PLAN, "mallory", SessionEnd.REVOKED).toCompletableFuture().join()).isTrue();
            // Redis stalls now and then (40 ms, past the deadline and the time it gives our reply readers): calls
            // miss their deadline while Redis still answers, and the saturated process must shed them.
            try (CpuBurner busy = CpuBurner.start(Duration.ofSeconds(60));
                 RedisStall slow = RedisStall.start(List.of(RealServers.redisUri()), Duration.ofMillis(40),
                         Duration.ofSeconds(60))) {
                await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                        .until(() -> CpuBurner.cpuLoad() > 0.9);
                for (int i = 0; i < CHECKS; i++) {
                    try {
                        verdicts.merge((i % 2 == 0 ? one : two).check(pass, event, "mallory"), 1, Integer::sum);
                    } catch (ProcessOverloaded overloaded) {
                        shed++;
                    }
                }
            }
        }
        System.out.printf("revoked pass checked %d times while saturated: %s, %d shed%n", CHECKS, verdicts, shed);
        assertThat(verdicts).as("verdicts on a revoked pass").doesNotContainKey(PassVerdict.VALID);
        assertThat(shed).as("checks shed: the saturation made calls miss their deadline").isPositive();
    }

    @Test
    void withRedisStoppedTheOwnQueueAnswersAsBeforeCounted() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (PrivateRedis redis = PrivateRedis.start();
             WaitingRoom room = room(patient.withOutage(OutageSettings.defaults()
                     .withCommandTimeout(Duration.ofMillis(100))), redis.uri(), registry)) {
            String pass = admitted(room, "ada");
            redis.stop();
            // Fail open for fairness: a genuine pass the own queue knows nothing of works during the outage, counted.
            assertThat(room.check(pass, event, "ada")).isEqualTo(PassVerdict.VALID);
            assertThat(room.count(WaitingRoomMeter.FALLBACK, WaitingRoomMeter.TAG_EVENT, event,
                    WaitingRoomMeter.TAG_OPERATION, "session")).isEqualTo(1);
        }
    }

    private WaitingRoom room(RoomOptions options, String redisUri, SimpleMeterRegistry registry) {
        return WaitingRoom.builder().passSecret(SECRET).clock(clock).meterRegistry(registry).options(options)
                .redis(redisUri);
    }

    private String admitted(WaitingRoom room, String buyer) {
        QueueTicket ticket = room.join(event, PLAN, buyer).toCompletableFuture().join();
        clock.advance(Duration.ofSeconds(1));
        QueueTicket now = room.look(event, PLAN, buyer, ticket.ticket()).toCompletableFuture().join().orElseThrow();
        assertThat(now.standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        return now.pass().token();
    }
}
