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

    /**
     * The attack of a buyer with a good draw in a capped random room: leave (checkout, holds ending) and join again
     * to be back at the front. Each time a wave of three others is waiting when they come back; the returner must be
     * admitted after all three, five times over. The returner asks first at every step, so a place ahead of the wave
     * would show.
     */
    @Test
    void aBuyerWhoLeavesAndRejoinsACappedRandomRoomFiveTimesIsAdmittedAfterEveryoneElseEachTime() {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= 16; i++) {
            ids.add("q" + i);
        }
        List<String> drawOrder = ShuffleOrder.of(SEED, ids);
        String returner = drawOrder.get(0); // the best draw of all: a draw fixed per buyer puts them first every time
        List<String> others = drawOrder.subList(1, 16);
        long[] now = {OPENS};
        String ticket = "t-" + returner;
        assertThat(joinCapped(now[0], returner, ticket).created()).isTrue();
        assertThat(admitInTurn(now, List.of(), returner, ticket)).containsExactly(returner);

        for (int round = 1; round <= 5; round++) {
            List<String> wave = others.subList(3 * (round - 1), 3 * round);
            for (String buyer : wave) {
                joinCapped(now[0], buyer, "t-" + buyer);
            }
            assertThat(store().end(cappedAt(now[0]), returner).toCompletableFuture().join().endedNow()).isTrue();
            String again = ticket + "-" + round;
            TicketState back = joinCapped(now[0], returner, again);
            assertThat(back.created()).isTrue();
            assertThat(back.admitted()).isFalse();

            List<String> admitted = admitInTurn(now, wave, returner, again);

            assertThat(admitted).as("round %d", round).hasSize(4).endsWith(returner);
            assertThat(admitted.subList(0, 3)).containsExactlyInAnyOrderElementsOf(wave);
        }
    }

    private static final ActiveCap CAP_TWO = ActiveCap.of(2);

    private RoomCall cappedAt(long millis) {
        return at(millis, QueueingMethod.RANDOM).capped(CAP_TWO, 60_000);
    }

    private TicketState joinCapped(long millis, String buyer, String ticket) {
        return store().join(cappedAt(millis), buyer, ticket).toCompletableFuture().join().ticket().orElseThrow();
    }

    /**
     * Moves the clock 50 ms at a time (half a place at 10 per second), the returner asking first, then the others;
     * an admitted other checks out at once, freeing their slot. Returns who was admitted, in order, until the
     * returner is.
     */
    private List<String> admitInTurn(long[] now, List<String> others, String returner, String returnerTicket) {
        List<String> admitted = new ArrayList<>();
        List<String> waiting = new ArrayList<>(others);
        for (int step = 0; step < 400 && !admitted.contains(returner); step++) {
            now[0] += 50;
            if (store().look(cappedAt(now[0]), returner, returnerTicket).toCompletableFuture().join().ticket()
                    .orElseThrow().firstAdmission()) {
                admitted.add(returner);
            }
            for (String buyer : List.copyOf(waiting)) {
                TicketState state = store().look(cappedAt(now[0]), buyer, "t-" + buyer).toCompletableFuture().join()
                        .ticket().orElseThrow();
                if (state.firstAdmission()) {
                    admitted.add(buyer);
                    waiting.remove(buyer);
                    store().end(cappedAt(now[0]), buyer).toCompletableFuture().join();
                }
            }
        }
        return admitted;
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
