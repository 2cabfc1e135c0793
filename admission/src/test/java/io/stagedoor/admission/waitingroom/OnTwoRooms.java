package io.stagedoor.admission.waitingroom;

import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;

/**
 * Tests on two room clients, as two ingress instances would hold, on one real Redis and one fake clock, recording
 * their steps in one log; each test on keys of its own.
 */
abstract class OnTwoRooms {

    static final byte[] SECRET = "a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8);

    final FakeClock clock;
    final StepLog steps = new StepLog();
    final String event;
    final RoomOptions options = RoomOptions.defaults().withKeyNamespace(TestNames.unique("wr"));
    final WaitingRoom first;
    final WaitingRoom second;

    OnTwoRooms(String eventPrefix, Instant start) {
        this.clock = new FakeClock(start);
        this.event = TestNames.unique(eventPrefix);
        this.first = room();
        this.second = room();
    }

    private WaitingRoom room() {
        return WaitingRoom.builder().passSecret(SECRET).clock(clock).steps(steps).options(options)
                .redis(RealServers.redisUri());
    }

    /** The first instance for even {@code i}, the second for odd. */
    WaitingRoom instance(int i) {
        return i % 2 == 0 ? first : second;
    }

    @AfterEach
    void closeRooms() {
        first.close();
        second.close();
    }
}
