package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RoomStore} promises about the cap on active buyers; run against Redis and in-process alike. One
 * buyer per second is admitted by the rate, two may be active, sessions last ten seconds.
 */
abstract class ActiveCapContract {

    static final long OPENS = 1_800_000_000_000L;
    static final long SESSION = 10_000;
    static final ActiveCap TWO = ActiveCap.of(2);

    abstract RoomStore store();

    final String event = TestNames.unique("capped");

    RoomCall at(long millis) {
        return new RoomCall(event, EntryRate.of(1), OPENS, 42L, millis).capped(TWO, SESSION);
    }

    void joinInOrder(int count) {
        for (int i = 1; i <= count; i++) {
            store().join(at(OPENS), "b" + i, "t-b" + i).toCompletableFuture().join();
        }
    }

    TicketState look(String buyer, long millis) {
        return look(buyer, "t-" + buyer, millis).orElseThrow();
    }

    Optional<TicketState> look(String buyer, String ticket, long millis) {
        return store().look(at(millis), buyer, ticket).toCompletableFuture().join().ticket();
    }

    RoomReply end(String buyer, long millis) {
        return store().end(at(millis), buyer).toCompletableFuture().join();
    }

    SessionState session(String buyer, String ticket, long millis) {
        return store().session(event, buyer, ticket, millis).toCompletableFuture().join();
    }

    /** b1 and b2 are admitted at OPENS + 2 s and fill the room. */
    void fill() {
        joinInOrder(6);
        assertThat(look("b1", OPENS + 2_000).firstAdmission()).isTrue();
        assertThat(look("b2", OPENS + 2_000).firstAdmission()).isTrue();
    }

    @Test
    void aReachedBuyerWaitsForASlotWhileTheRoomIsFull() {
        joinInOrder(6);
        look("b1", OPENS + 1_000);
        look("b2", OPENS + 2_000);
        // b3 was reached by the rate just as the room filled; it may not enter while two are active.
        TicketState third = look("b3", OPENS + 2_000);
        assertThat(third.admitted()).isFalse();
        assertThat(store().snapshot(at(OPENS + 2_000)).toCompletableFuture().join().room().active()).isEqualTo(2);
        assertThat(look("b3", OPENS + 3_000).admitted()).isFalse();
    }

    @Test
    void theFrontierStandsWhileTheRoomIsFull() {
        fill();
        // Seven seconds of a full room must not leave the next four reached, to rush in when slots free.
        RoomReply later = store().snapshot(at(OPENS + 9_000)).toCompletableFuture().join();
        assertThat(later.room().frontier()).isEqualTo(2);
        assertThat(look("b3", OPENS + 9_000).awaitingSlot()).isFalse();
    }

    @Test
    void aCheckoutFreesTheSlotForTheNextInLineBeforeTheRateWould() {
        fill();
        RoomReply ended = end("b1", OPENS + 2_100);
        assertThat(ended.endedNow()).isTrue();
        assertThat(ended.placesFreed()).isEqualTo(1);
        // The rate alone reaches b3 at OPENS + 3 s; the freed slot lets them in at once.
        TicketState third = look("b3", OPENS + 2_100);
        assertThat(third.firstAdmission()).isTrue();
        assertThat(look("b4", OPENS + 2_100).admitted()).isFalse();
        assertThat(store().snapshot(at(OPENS + 2_100)).toCompletableFuture().join().room().active()).isEqualTo(2);
    }

    @Test
    void sessionsThatRunOutFreeTheirSlotsToo() {
        fill();
        long lapsed = OPENS + 2_000 + SESSION;
        assertThat(look("b3", lapsed).firstAdmission()).isTrue();
        assertThat(look("b4", lapsed).firstAdmission()).isTrue();
        assertThat(look("b5", lapsed).admitted()).isFalse();
        assertThat(look("b1", lapsed).active()).isFalse();
    }

    @Test
    void endingASessionThatIsNotOnEndsNothingAndFreesNoPlace() {
        fill();
        RoomReply ended = end("b5", OPENS + 2_100);
        assertThat(ended.endedNow()).isFalse();
        assertThat(ended.placesFreed()).isZero();
        assertThat(look("b3", OPENS + 2_100).admitted()).isFalse();
        assertThat(end("b1", OPENS + 2_200).endedNow()).isTrue();
        assertThat(end("b1", OPENS + 2_300).endedNow()).isFalse();
    }

    @Test
    void aSessionIsActiveUntilItEndsAndUnknownForWhatWasNeverAdmitted() {
        fill();
        assertThat(session("b1", "t-b1", OPENS + 2_050)).isEqualTo(SessionState.ACTIVE);
        assertThat(session("b3", "t-b3", OPENS + 2_050)).isEqualTo(SessionState.UNKNOWN);
        assertThat(session("b2", "t-b1", OPENS + 2_050)).isEqualTo(SessionState.UNKNOWN);
        assertThat(session("b1", "no-such", OPENS + 2_050)).isEqualTo(SessionState.UNKNOWN);
        end("b1", OPENS + 2_100);
        assertThat(session("b1", "t-b1", OPENS + 2_150)).isEqualTo(SessionState.ENDED);
        assertThat(session("b2", "t-b2", OPENS + 2_000 + SESSION)).isEqualTo(SessionState.ENDED);
    }

    @Test
    void oneBuyerHoldsOneSlotHoweverOftenTheyJoinAndOnlyRequeuesAtTheBackOnceTheirSessionEnded() {
        fill();
        // Joining again with a new ticket while admitted returns the ticket they have: no second slot.
        TicketState again = store().join(at(OPENS + 2_050), "b1", "t-b1-again").toCompletableFuture().join()
                .ticket().orElseThrow();
        assertThat(again.ticket()).isEqualTo("t-b1");
        assertThat(again.active()).isTrue();
        end("b1", OPENS + 2_100);
        TicketState requeued = store().join(at(OPENS + 2_200), "b1", "t-b1-back").toCompletableFuture().join()
                .ticket().orElseThrow();
        assertThat(requeued.created()).isTrue();
        assertThat(requeued.ticket()).isEqualTo("t-b1-back");
        assertThat(requeued.position()).isEqualTo(7);
        assertThat(requeued.admitted()).isFalse();
        // The old ticket's pass no longer stands for a session.
        assertThat(session("b1", "t-b1", OPENS + 2_200)).isEqualTo(SessionState.ENDED);
    }

    @Test
    void withoutACapEveryReachedBuyerIsAdmitted() {
        String free = TestNames.unique("uncapped");
        for (int i = 1; i <= 5; i++) {
            store().join(new RoomCall(free, EntryRate.of(10), OPENS, 1L, OPENS), "b" + i, "t-b" + i)
                    .toCompletableFuture().join();
        }
        for (int i = 1; i <= 5; i++) {
            assertThat(store().look(new RoomCall(free, EntryRate.of(10), OPENS, 1L, OPENS + 500), "b" + i, "t-b" + i)
                    .toCompletableFuture().join().ticket().orElseThrow().admitted()).isTrue();
        }
    }
}
