package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The own queue's admissions are charged to the shared room, so own and shared queues together keep to the rate.
 * The shared room here is the in-process store behind a switch: what is tested is the charging, and the script's
 * arithmetic for a charge is the store contract's, run against Redis too.
 */
class ShareFallbackTest {

    private static final long OPENS = 1_800_000_000_000L;
    /** 40 buyers per second over 4 instances: 10 per second each from its own queue. */
    private static final EntryRate FORTY = EntryRate.of(40);
    private static final String EVENT = "concert";

    private final Switched shared = new Switched(new InProcessRoomStore());
    private final ShareFallback rooms = new ShareFallback(shared, new InProcessRoomStore(), 4, (event, op) -> { });

    @Test
    void ownQueueAdmissionsAreRepaidBeforeTheSharedQueueGrowsAgain() {
        for (int i = 1; i <= 200; i++) {
            join("shared-" + i, OPENS);
        }
        shared.up = false;
        for (int i = 1; i <= 100; i++) {
            assertThat(join("own-" + i, OPENS).ticket().orElseThrow().ticket()).startsWith(ShareFallback.LOCAL_PREFIX);
        }
        assertThat(admitted("own-", ShareFallback.LOCAL_PREFIX, 100, OPENS + 5_000)).isEqualTo(50);
        // A shared call that fails leaves the charge to the next.
        join("during", OPENS + 5_000);
        assertThat(rooms.uncharged(EVENT)).isEqualTo(50);

        shared.up = true;
        // The shared queue grew 40 x 5 s = 200 places while unreachable; 50 of them repay the own queue's.
        assertThat(admitted("shared-", "", 200, OPENS + 5_000)).isEqualTo(150);
        assertThat(rooms.uncharged(EVENT)).isZero();
        // The own queue's backlog goes on at its share, and the shared queue grows by the rest of the rate.
        assertThat(admitted("own-", ShareFallback.LOCAL_PREFIX, 100, OPENS + 6_000)).isEqualTo(60);
        assertThat(admitted("shared-", "", 200, OPENS + 6_000)).isEqualTo(180);
    }

    private RoomReply join(String buyer, long millis) {
        return rooms.join(call(millis), buyer, "t-" + buyer).toCompletableFuture().join();
    }

    /** How many of the buyers {@code prefix}1..{@code count} hold an admitted ticket at {@code millis}. */
    private long admitted(String prefix, String ticketPrefix, int count, long millis) {
        long admitted = 0;
        for (int i = 1; i <= count; i++) {
            String buyer = prefix + i;
            RoomReply reply = rooms.look(call(millis), buyer, ticketPrefix + "t-" + buyer).toCompletableFuture().join();
            if (reply.ticket().orElseThrow().admitted()) {
                admitted++;
            }
        }
        return admitted;
    }

    private static RoomCall call(long millis) {
        return new RoomCall(EVENT, FORTY, OPENS, 42L, millis);
    }

    /** A store that fails every call while down, as the guard's unreachable Redis does. */
    private static final class Switched implements RoomStore {
        private final RoomStore store;
        private volatile boolean up = true;

        Switched(RoomStore store) {
            this.store = store;
        }

        @Override
        public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
            return ifUp(() -> store.reserve(call, places));
        }

        @Override
        public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
            return ifUp(() -> store.claim(call, claim));
        }

        @Override
        public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
            return ifUp(() -> store.join(call, buyerId, newTicket));
        }

        @Override
        public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
            return ifUp(() -> store.look(call, buyerId, ticket));
        }

        @Override
        public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
            return ifUp(() -> store.control(call, rate, paused));
        }

        @Override
        public CompletionStage<RoomReply> snapshot(RoomCall call) {
            return ifUp(() -> store.snapshot(call));
        }

        @Override
        public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
            return ifUp(() -> store.end(call, buyerId));
        }

        @Override
        public CompletionStage<Long> drawn(String eventId, long start) {
            return ifUp(() -> store.drawn(eventId, start));
        }

        @Override
        public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
            return ifUp(() -> store.session(eventId, buyerId, ticket, nowMillis));
        }

        private <T> CompletionStage<T> ifUp(Supplier<CompletionStage<T>> operation) {
            return up ? operation.get() : CompletableFuture.failedFuture(new IllegalStateException("unreachable"));
        }
    }
}
