package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RoomStore} promises; run against Redis and in-process alike, with the active-cap and
 * queueing-method contracts as nested suites on the same store.
 */
abstract class RoomStoreContract {

    static final long OPENS = 1_800_000_000_000L;
    static final EntryRate TEN_PER_SECOND = EntryRate.of(10);

    abstract RoomStore store();

    String freshEvent() {
        return TestNames.unique("event");
    }

    RoomCall at(String event, long millis) {
        return new RoomCall(event, TEN_PER_SECOND, OPENS, 42L, millis);
    }

    RoomReply join(String event, String buyer, long millis) {
        return store().join(at(event, millis), buyer, "t-" + buyer).toCompletableFuture().join();
    }

    /** Buyers b1..b{@code count} join at the opening, in that order (positions 1..count). */
    void joinInOrder(String event, int count) {
        for (int i = 1; i <= count; i++) {
            join(event, "b" + i, OPENS);
        }
    }

    Optional<TicketState> look(String event, String buyer, long millis) {
        return store().look(at(event, millis), buyer, "t-" + buyer).toCompletableFuture().join().ticket();
    }

    @Test
    void joiningTwiceReturnsTheSameTicketAndPosition() {
        String event = freshEvent();
        TicketState first = join(event, "b1", OPENS).ticket().orElseThrow();
        TicketState again = store().join(at(event, OPENS + 5), "b1", "another").toCompletableFuture().join()
                .ticket().orElseThrow();
        assertThat(first.created()).isTrue();
        assertThat(again.created()).isFalse();
        assertThat(again.ticket()).isEqualTo(first.ticket());
        assertThat(again.position()).isEqualTo(first.position());
    }

    @Test
    void afterTheOpeningPositionsFollowArrival() {
        String event = freshEvent();
        for (int i = 1; i <= 5; i++) {
            assertThat(join(event, "b" + i, OPENS + i).ticket().orElseThrow().position()).isEqualTo(i);
        }
    }

    @Test
    void admitsInPositionOrderAtTheRate() {
        String event = freshEvent();
        joinInOrder(event, 30);
        // 10 per second: after 1.05 s positions 1..10 are reached, 11 is not.
        long later = OPENS + 1_050;
        assertThat(look(event, "b10", later).orElseThrow().admitted()).isTrue();
        assertThat(look(event, "b11", later).orElseThrow().admitted()).isFalse();
        assertThat(look(event, "b1", later).orElseThrow().admitted()).isTrue();
        assertThat(store().snapshot(at(event, later)).toCompletableFuture().join().room().admitted()).isEqualTo(2);
    }

    @Test
    void aTicketIsAdmittedOnceAndKeepsItsAdmissionTime() {
        String event = freshEvent();
        join(event, "b1", OPENS);
        TicketState first = look(event, "b1", OPENS + 200).orElseThrow();
        TicketState again = look(event, "b1", OPENS + 900).orElseThrow();
        assertThat(first.firstAdmission()).isTrue();
        assertThat(again.firstAdmission()).isFalse();
        assertThat(again.admittedMillis()).isEqualTo(first.admittedMillis()).isEqualTo(OPENS + 200);
    }

    @Test
    void anotherBuyersTicketIsUnknown() {
        String event = freshEvent();
        join(event, "b1", OPENS);
        assertThat(store().look(at(event, OPENS), "b2", "t-b1").toCompletableFuture().join().ticket()).isEmpty();
        assertThat(store().look(at(event, OPENS), "b1", "no-such").toCompletableFuture().join().ticket()).isEmpty();
    }

    @Test
    void anIdleRoomDoesNotSaveUpAdmissions() {
        String event = freshEvent();
        join(event, "early", OPENS);
        // A minute with nobody waiting must not let the next 600 buyers straight in.
        for (int i = 1; i <= 20; i++) {
            join(event, "b" + i, OPENS + 60_000);
        }
        assertThat(look(event, "b2", OPENS + 60_100).orElseThrow().admitted()).isFalse();
        assertThat(look(event, "b1", OPENS + 60_100).orElseThrow().admitted()).isTrue();
    }

    @Test
    void pauseStopsAdmissionAndResumeGoesOnFromWhereItStood() {
        String event = freshEvent();
        joinInOrder(event, 30);
        store().control(at(event, OPENS + 1_000), null, true).toCompletableFuture().join();
        assertThat(look(event, "b11", OPENS + 5_000).orElseThrow().admitted()).isFalse();
        RoomReply resumed = store().control(at(event, OPENS + 5_000), null, false).toCompletableFuture().join();
        assertThat(resumed.room().paused()).isFalse();
        assertThat(look(event, "b20", OPENS + 6_000).orElseThrow().admitted()).isTrue();
        assertThat(look(event, "b21", OPENS + 6_000).orElseThrow().admitted()).isFalse();
    }

    @Test
    void aRateChangeAppliesFromTheMomentItIsSet() {
        String event = freshEvent();
        joinInOrder(event, 100);
        RoomReply changed = store().control(at(event, OPENS + 1_000), EntryRate.of(50), null).toCompletableFuture().join();
        assertThat(changed.room().rate().perSecond()).isEqualTo(50);
        // 10 in the first second, 50 in the next.
        assertThat(look(event, "b60", OPENS + 2_000).orElseThrow().admitted()).isTrue();
        assertThat(look(event, "b61", OPENS + 2_000).orElseThrow().admitted()).isFalse();
    }

    @Test
    void aRateChangeStampedBehindTheRoomsClockTakesEffectFromThatClockAndSaysSo() {
        String event = freshEvent();
        joinInOrder(event, 100);
        // A look stamped +2 s reaches the store first and grows the frontier at 10/s to 20 places; the change to 1/s
        // was stamped +1 s but waited longer on the way: it moves nothing back, and applies from +2 s.
        RoomReply looked = store().snapshot(at(event, OPENS + 2_000)).toCompletableFuture().join();
        assertThat(looked.room().clockMillis()).isEqualTo(OPENS + 2_000);
        RoomReply changed = store().control(at(event, OPENS + 1_000), EntryRate.of(1), null).toCompletableFuture().join();
        assertThat(changed.room().clockMillis()).isEqualTo(OPENS + 2_000);
        assertThat(changed.room().frontier()).isEqualTo(20);
        assertThat(look(event, "b22", OPENS + 4_000).orElseThrow().admitted()).isTrue();
        assertThat(look(event, "b23", OPENS + 4_000).orElseThrow().admitted()).isFalse();
    }

    @Test
    void placesChargedByOwnQueuesAreRepaidBeforeTheFrontierGrowsAgain() {
        String event = freshEvent();
        joinInOrder(event, 30);
        // 10 places grew in the first second; 5 of them repay what an own queue admitted meanwhile.
        RoomReply charged = store().snapshot(at(event, OPENS + 1_000).charging(5)).toCompletableFuture().join();
        assertThat(charged.room().frontier()).isEqualTo(5);
        assertThat(charged.room().owed()).isZero();
        assertThat(look(event, "b5", OPENS + 1_000).orElseThrow().admitted()).isTrue();
        assertThat(look(event, "b6", OPENS + 1_000).orElseThrow().admitted()).isFalse();
        assertThat(look(event, "b15", OPENS + 2_000).orElseThrow().admitted()).isTrue();
        assertThat(look(event, "b16", OPENS + 2_000).orElseThrow().admitted()).isFalse();
    }

    @Test
    void aChargeLargerThanTheGrowthIsOwedAndToldInEstimates() {
        String event = freshEvent();
        joinInOrder(event, 30);
        RoomReply charged = store().snapshot(at(event, OPENS + 1_000).charging(25)).toCompletableFuture().join();
        assertThat(charged.room().frontier()).isZero();
        assertThat(charged.room().owed()).isEqualTo(15);
        // Position 31 waits for 31 places and the 15 still owed, at 10 per second.
        TicketState next = join(event, "b31", OPENS + 1_000).ticket().orElseThrow();
        assertThat(next.estimateMillis()).isEqualTo(4_600);
        assertThat(look(event, "b1", OPENS + 2_400).orElseThrow().admitted()).isFalse();
        assertThat(look(event, "b1", OPENS + 2_600).orElseThrow().admitted()).isTrue();
    }

    @Test
    void aCallerWhoseClockRunsBehindMovesNothing() {
        String event = freshEvent();
        joinInOrder(event, 30);
        look(event, "b1", OPENS + 1_000);
        assertThat(look(event, "b11", OPENS + 500).orElseThrow().admitted()).isFalse();
        assertThat(look(event, "b10", OPENS + 500).orElseThrow().admitted()).isTrue();
    }

    @Test
    void preOpeningArrivalsAreShuffledAndTheRecordedSeedReproducesTheOrder() {
        String event = freshEvent();
        List<String> arrivals = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            arrivals.add("early-" + i);
            RoomReply joined = join(event, "early-" + i, OPENS - 60_000 + i);
            assertThat(joined.room().opened()).isFalse();
        }
        RoomReply opening = join(event, "late", OPENS + 1);
        assertThat(opening.room().openedNow()).isTrue();
        assertThat(opening.room().lobbySize()).isEqualTo(50);
        assertThat(opening.ticket().orElseThrow().position()).isEqualTo(51);

        String[] byPosition = new String[50];
        for (String buyer : arrivals) {
            byPosition[(int) look(event, buyer, OPENS + 2).orElseThrow().position() - 1] = buyer;
        }
        assertThat(List.of(byPosition)).isNotEqualTo(arrivals)
                .isEqualTo(ShuffleOrder.of(opening.room().seed(), arrivals));
    }

    @Test
    void aNewRoomRecordsTheFirstSeedAndNeverAnother() {
        String event = freshEvent();
        store().join(new RoomCall(event, TEN_PER_SECOND, OPENS, 7L, OPENS - 10), "a", "t-a").toCompletableFuture().join();
        RoomReply later = store().join(new RoomCall(event, TEN_PER_SECOND, OPENS, 8L, OPENS - 5), "b", "t-b")
                .toCompletableFuture().join();
        assertThat(later.room().seed()).isEqualTo(7L);
    }

    /** The active-cap contract on the same store. */
    @Nested
    class ActiveCap extends ActiveCapContract {
        @Override
        RoomStore store() {
            return RoomStoreContract.this.store();
        }
    }

    /** Signed tickets on the same store. */
    @Nested
    class Signed extends SignedTicketsContract {
        @Override
        RoomStore store() {
            return RoomStoreContract.this.store();
        }
    }

    /** The queueing-method contract on the same store. */
    @Nested
    class Methods extends QueueingMethodContract {
        @Override
        RoomStore store() {
            return RoomStoreContract.this.store();
        }
    }
}
