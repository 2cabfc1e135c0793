package io.stagedoor.admission.lanes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class LaneRatesTest {

    @Test
    void lanesWithBuyersSplitTheRateByTheirShares() {
        double[] rates = LaneRates.split(100, List.of(0.2, 0.3, 0.5), List.of(true, true, true));
        assertThat(rates[0]).isCloseTo(20, within(1e-9));
        assertThat(rates[1]).isCloseTo(30, within(1e-9));
        assertThat(rates[2]).isCloseTo(50, within(1e-9));
    }

    @Test
    void aLaneWithNobodyWaitingLendsItsShareInProportionAndKeepsItsOwnForTheNextJoiner() {
        double[] rates = LaneRates.split(100, List.of(2.0, 3.0, 5.0), List.of(true, false, true));
        assertThat(rates[0]).isCloseTo(100 * 2.0 / 7, within(1e-9));
        assertThat(rates[2]).isCloseTo(100 * 5.0 / 7, within(1e-9));
        assertThat(rates[0] + rates[2]).isCloseTo(100, within(1e-9));
        assertThat(rates[1]).isCloseTo(30, within(1e-9));
    }

    @Test
    void withNobodyWaitingAnywhereEachKeepsItsShare() {
        assertThat(LaneRates.split(10, List.of(1.0, 4.0), List.of(false, false))).containsExactly(2.0, 8.0);
    }

    @Test
    void sharesMustBePositiveAndMatchTheLanes() {
        assertThatThrownBy(() -> LaneRates.split(10, List.of(1.0, 0.0), List.of(true, true)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LaneRates.split(10, List.of(1.0), List.of(true, true)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLaneRoomIsItsEventsAndNoOthers() {
        assertThat(LaneRooms.roomOf("ev", null)).isEqualTo("ev");
        assertThat(LaneRooms.roomOf("ev", "fans")).isEqualTo("ev~fans");
        assertThat(LaneRooms.isOf("ev~fans", "ev")).isTrue();
        assertThat(LaneRooms.isOf("ev", "ev")).isTrue();
        assertThat(LaneRooms.isOf("evening~fans", "ev")).isFalse();
        assertThat(LaneRooms.isOf("ev~", "ev")).isFalse();
        assertThat(LaneRooms.isOf("other", "ev")).isFalse();
    }
}
