package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.testsupport.FakeClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * A room call whose answer came too late to use still did what it did in the shared store, and the record says so.
 * The shared store here answers every call but the one the test holds, which the room's 20 ms deadline gives up on
 * (shed, or the own queue answers in its place); the store then runs it when the test lets it. Without the late reply
 * recorded, the record kept on a session the store had ended, and the audit saw more buyers active than the cap.
 */
class LateRoomRepliesTest {

    private static final byte[] SECRET = "a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    private static final Instant OPENS = Instant.parse("2026-12-01T19:00:00Z");
    private static final RoomPlan PLAN = RoomPlan.of(10, OPENS, Duration.ofMinutes(15)).withMaxActive(2);
    private static final String EVENT = "late-replies";

    private final FakeClock clock = new FakeClock(OPENS);
    private final StepLog steps = new StepLog();
    private final HeldEnds shared = new HeldEnds(new InProcessRoomStore());

    @Test
    void aSessionEndedByACallAnsweredTooLateIsRecordedAsEnded() {
        try (WaitingRoom room = WaitingRoom.builder().passSecret(SECRET).clock(clock).steps(steps)
                .meterRegistry(new SimpleMeterRegistry())
                .options(RoomOptions.defaults().withOutage(OutageSettings.defaults()
                        .withCommandTimeout(Duration.ofMillis(20))))
                .remote(shared, () -> { })) {
            admit(room, "ada");
            admit(room, "bob");
            assertThat(steps.of(RoomStep.Kind.ADMITTED)).hasSize(2);

            shared.holdNextEnd();
            // Past its deadline: shed (on a busy machine this process may look overloaded while the store answers),
            // or answered by the own queue in the shared store's place, which knows no session of ada's.
            Throwable[] shed = new Throwable[1];
            Boolean told = room.end(EVENT, PLAN, "ada", SessionEnd.LEFT).toCompletableFuture()
                    .exceptionally(error -> {
                        shed[0] = error;
                        return null;
                    }).join();
            assertThat(told).isNotEqualTo(Boolean.TRUE);
            if (shed[0] != null) {
                assertThat(GuardedCalls.shed(shed[0])).as("failed only by being shed: %s", shed[0]).isTrue();
            }
            assertThat(steps.of(RoomStep.Kind.ENDED)).isEmpty();

            shared.release();
            await().atMost(Duration.ofSeconds(10)).until(() -> !steps.of(RoomStep.Kind.ENDED).isEmpty());
            assertThat(steps.of(RoomStep.Kind.ENDED)).singleElement()
                    .satisfies(step -> assertThat(step.buyerId()).isEqualTo("ada"));
            assertThat(room.count(WaitingRoomMeter.ENDED, WaitingRoomMeter.TAG_EVENT, EVENT,
                    WaitingRoomMeter.TAG_REASON, SessionEnd.HEARD_LATE.text())).isEqualTo(1);

            // The slot ada's late end freed goes to carol: two active, as the store counts and as the record does.
            admit(room, "carol");
            assertThat(steps.of(RoomStep.Kind.ADMITTED)).last().satisfies(step -> assertThat(step.active()).isEqualTo(2));
        }
    }

    private void admit(WaitingRoom room, String buyer) {
        QueueTicket ticket = room.join(EVENT, PLAN, buyer).toCompletableFuture().join();
        clock.advance(Duration.ofSeconds(1));
        QueueTicket now = room.look(EVENT, PLAN, buyer, ticket.ticket()).toCompletableFuture().join().orElseThrow();
        assertThat(now.standing()).as(buyer).isEqualTo(QueueTicket.Standing.ADMITTED);
    }

    /** A store that runs one end only when the test releases it, as a Redis heard too late would. */
    private static final class HeldEnds implements RoomStore {
        private final RoomStore store;
        private final CompletableFuture<Void> released = new CompletableFuture<>();
        private volatile boolean holding;

        HeldEnds(RoomStore store) {
            this.store = store;
        }

        void holdNextEnd() {
            holding = true;
        }

        void release() {
            released.complete(null);
        }

        @Override
        public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
            return store.reserve(call, places);
        }

        @Override
        public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
            return store.claim(call, claim);
        }

        @Override
        public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
            return store.join(call, buyerId, newTicket);
        }

        @Override
        public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
            return store.look(call, buyerId, ticket);
        }

        @Override
        public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
            return store.control(call, rate, paused);
        }

        @Override
        public CompletionStage<RoomReply> snapshot(RoomCall call) {
            return store.snapshot(call);
        }

        @Override
        public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
            if (!holding) {
                return store.end(call, buyerId);
            }
            holding = false;
            return released.thenCompose(go -> store.end(call, buyerId));
        }

        @Override
        public CompletionStage<Long> drawn(String eventId, long start) {
            return store.drawn(eventId, start);
        }

        @Override
        public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
            return store.session(eventId, buyerId, ticket, nowMillis);
        }
    }
}
