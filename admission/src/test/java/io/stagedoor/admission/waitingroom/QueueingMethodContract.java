package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What every {@link RoomStore} promises about random and passthrough rooms; run against Redis and in-process alike. */
abstract class QueueingMethodContract {

    static final long OPENS = 1_800_000_000_000L;
    static final long SEED = 4242L;

    abstract RoomStore store();

    final String event = TestNames.unique("method");

    RoomCall at(long millis, QueueingMethod method) {
        return new RoomCall(event, EntryRate.of(10), OPENS, SEED, millis).choosing(method);
    }

    TicketState join(String buyer, long millis, QueueingMethod method) {
        return store().join(at(millis, method), buyer, "t-" + buyer).toCompletableFuture().join().ticket().orElseThrow();
    }

    TicketState look(String buyer, long millis, QueueingMethod method) {
        return store().look(at(millis, method), buyer, "t-" + buyer).toCompletableFuture().join().ticket().orElseThrow();
    }

    @Test
    void aRandomRoomAdmitsByTheSeedsDrawNotByArrival() {
        List<String> arrivals = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            arrivals.add("r" + i);
            // after the opening: a FIFO room would give these positions 1..40 in arrival order
            join("r" + i, OPENS + i, QueueingMethod.RANDOM);
        }
        // 10 per second: 1 s after the last arrival, the ten best draws are in, whoever they are.
        long later = OPENS + 1_040;
        Map<String, Boolean> admitted = new LinkedHashMap<>();
        for (String buyer : arrivals) {
            admitted.put(buyer, look(buyer, later, QueueingMethod.RANDOM).admitted());
        }
        List<String> drawOrder = ShuffleOrder.of(SEED, arrivals);
        assertThat(admitted.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList())
                .containsExactlyInAnyOrderElementsOf(drawOrder.subList(0, 10))
                .isNotEqualTo(arrivals.subList(0, 10));
    }

    @Test
    void aLaterJoinerWithABetterDrawGoesAheadOfThoseStillWaiting() {
        List<String> first = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            first.add("a" + i);
            join("a" + i, OPENS, QueueingMethod.RANDOM);
        }
        // Five are drawn in the first half second; everybody asks, so the drawn leave the lottery.
        for (String buyer : first) {
            look(buyer, OPENS + 500, QueueingMethod.RANDOM);
        }
        List<String> everyone = new ArrayList<>(first);
        for (int i = 1; i <= 20; i++) {
            everyone.add("late" + i);
            join("late" + i, OPENS + 500, QueueingMethod.RANDOM);
        }
        List<String> waiting = new ArrayList<>(ShuffleOrder.of(SEED, everyone));
        waiting.removeAll(ShuffleOrder.of(SEED, first).subList(0, 5));
        // The next five places go to the best draws among all 35 still waiting, early or late.
        List<String> next = new ArrayList<>();
        for (String buyer : everyone) {
            if (look(buyer, OPENS + 1_000, QueueingMethod.RANDOM).firstAdmission()) {
                next.add(buyer);
            }
        }
        assertThat(next).containsExactlyInAnyOrderElementsOf(waiting.subList(0, 5));
        assertThat(store().snapshot(at(OPENS + 1_000, QueueingMethod.RANDOM)).toCompletableFuture().join().room()
                .admitted()).isEqualTo(10);
    }

    @Test
    void anAdmittedRandomTicketKeepsThePlaceItDrew() {
        for (int i = 1; i <= 10; i++) {
            join("k" + i, OPENS, QueueingMethod.RANDOM);
        }
        String best = ShuffleOrder.of(SEED, List.of("k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10")).get(0);
        TicketState drawn = look(best, OPENS + 100, QueueingMethod.RANDOM);
        assertThat(drawn.firstAdmission()).isTrue();
        assertThat(drawn.position()).isEqualTo(1);
        assertThat(look(best, OPENS + 5_000, QueueingMethod.RANDOM).position()).isEqualTo(1);
    }

    @Test
    void aPassthroughRoomAdmitsEveryoneAtOnceAndCountsThem() {
        for (int i = 1; i <= 500; i++) {
            assertThat(join("p" + i, OPENS + 1, QueueingMethod.PASSTHROUGH).admitted()).isTrue();
        }
        RoomState room = store().snapshot(at(OPENS + 2, QueueingMethod.PASSTHROUGH)).toCompletableFuture().join().room();
        assertThat(room.admitted()).isEqualTo(500);
        assertThat(room.joined()).isEqualTo(500);
        assertThat(room.queueLength()).isZero();
    }

    @Test
    void aPassthroughRoomStillHoldsItsActiveCap() {
        for (int i = 1; i <= 5; i++) {
            TicketState ticket = store().join(at(OPENS + 1, QueueingMethod.PASSTHROUGH).capped(ActiveCap.of(3), 60_000),
                    "c" + i, "t-c" + i).toCompletableFuture().join().ticket().orElseThrow();
            assertThat(ticket.admitted()).isEqualTo(i <= 3);
        }
    }
}
