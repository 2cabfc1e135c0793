package io.stagedoor.ingress.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PollSlotsTest {

    private final PollSlots slots = new PollSlots(16);

    @Test
    void onePrincipalHoldsAtMostItsCapWhileAnotherStillGetsASlot() {
        List<Optional<PollSlots.Slot>> greedy = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            greedy.add(slots.tryTake("greedy"));
        }

        assertThat(greedy.stream().filter(Optional::isPresent)).hasSize(16);
        assertThat(slots.held("greedy")).isEqualTo(16);
        assertThat(slots.tryTake("patient")).isPresent();
    }

    @Test
    void aReleasedSlotComesBackOnceAndAnIdlePrincipalKeepsNoEntry() {
        PollSlots.Slot slot = slots.tryTake("ada").orElseThrow();
        slots.tryTake("ada").orElseThrow();

        slot.release();
        slot.release();

        assertThat(slots.held("ada")).isEqualTo(1);
        slots.tryTake("ada").orElseThrow().release();
        assertThat(slots.held("ada")).isEqualTo(1);
        assertThat(slots.principals()).isEqualTo(1);
    }

    @Test
    void aPrincipalWithNoPollWaitingHasNoEntry() {
        slots.tryTake("ada").orElseThrow().release();

        assertThat(slots.principals()).isZero();
        assertThat(slots.held("ada")).isZero();
    }

    /**
     * Pins down the interleaving where one poll's release takes the count to 0 and retires the counter while
     * another poll of the same principal takes a slot: the taker must land on a live counter, never on a removed
     * one, so no slot is lost and none is counted twice.
     */
    @Test
    void racingTakersAndReleasersOfOnePrincipalNeverPassTheCapAndLeaveNoEntry() throws Exception {
        PollSlots racing = new PollSlots(4);
        java.util.concurrent.atomic.AtomicInteger mostAtOnce = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger holding = new java.util.concurrent.atomic.AtomicInteger();
        try (var threads = java.util.concurrent.Executors.newFixedThreadPool(8)) {
            for (int t = 0; t < 8; t++) {
                threads.submit(() -> {
                    for (int i = 0; i < 20_000; i++) {
                        racing.tryTake("ada").ifPresent(slot -> {
                            mostAtOnce.accumulateAndGet(holding.incrementAndGet(), Math::max);
                            holding.decrementAndGet();
                            slot.release();
                        });
                    }
                });
            }
        }

        assertThat(mostAtOnce.get()).isLessThanOrEqualTo(4);
        assertThat(racing.held("ada")).isZero();
        assertThat(racing.principals()).isZero();
        assertThat(racing.tryTake("ada")).isPresent();
    }
}
