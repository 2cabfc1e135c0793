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
}
