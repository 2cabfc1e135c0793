package io.stagedoor.admission.entryloop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RateLawTest {

    private static final RateLaw LAW = RateLaw.defaults();
    private static final Headroom ROOMY = new Headroom(2, 20, 10, 100, 5, 1);

    @Test
    void fallsBeforeTheCheckoutBoundSheds() {
        RateMove move = LAW.next(50, 5, 200, new Headroom(15, 20, 10, 100, 5, 1));
        assertThat(move.rate()).isEqualTo(35.0);
        assertThat(move.reason()).isEqualTo(RateMove.PERMITS);
    }

    @ParameterizedTest(name = "{4}")
    @CsvSource({
            "0, 501, 100, 5, lag",
            "0, 10, 1001, 5, latency",
            "0, 10, 100, 101, scheduling",
            "15, 501, 1001, 101, permits"})
    void fallsOnTheFirstInputOverItsHighMark(int permits, long lag, long p99, long scheduling, String reason) {
        RateMove move = LAW.next(50, 5, 200, new Headroom(permits, 20, lag, p99, scheduling, 1));
        assertThat(move.reason()).isEqualTo(reason);
        assertThat(move.rate()).isEqualTo(35.0);
    }

    @Test
    void risesWhileEveryInputHasRoom() {
        RateMove move = LAW.next(50, 5, 200, ROOMY);
        assertThat(move.rate()).isEqualTo(57.5);
        assertThat(move.reason()).isEqualTo(RateMove.HEADROOM);
        assertThat(LAW.next(2, 1, 200, ROOMY).rate()).as("a small rate still rises by a buyer a second").isEqualTo(3.0);
    }

    @Test
    void staysBetweenTheMarks() {
        RateMove move = LAW.next(50, 5, 200, new Headroom(10, 20, 10, 100, 5, 1));
        assertThat(move).isEqualTo(new RateMove(50, RateMove.HOLD));
    }

    @Test
    void neverLeavesTheFloorOrTheCeiling() {
        assertThat(LAW.next(6, 5, 200, new Headroom(20, 20, 0, 0, 0, 1)).rate()).isEqualTo(5.0);
        assertThat(LAW.next(190, 5, 200, ROOMY).rate()).isEqualTo(200.0);
        assertThat(LAW.next(500, 5, 200, new Headroom(10, 20, 10, 100, 5, 1)).rate())
                .as("a rate an operator set above the ceiling comes back inside").isEqualTo(200.0);
    }

    @Test
    void neverRisesOnWhatItDidNotMeasure() {
        assertThat(LAW.next(50, 5, 200, Headroom.NONE)).isEqualTo(new RateMove(50, RateMove.HOLD));
        assertThat(LAW.next(50, 5, 200, new Headroom(2, 20, -1, 100, 5, 1)).reason())
                .as("unknown lag").isEqualTo(RateMove.HOLD);
        assertThat(LAW.next(50, 5, 200, new Headroom(15, 20, -1, 100, 5, 1)).reason())
                .as("but full permits still bring it down").isEqualTo(RateMove.PERMITS);
    }

    /**
     * One buyer checking out every hold it may have (at most 8 seats of an event, so at most 8 holds) on one instance's
     * 20 permits: enough to keep the rate from rising, never enough to bring it down for everyone.
     */
    @Test
    void oneBuyersCheckoutsAloneNeverBringTheRateDown() {
        RateMove move = LAW.next(50, 5, 200, new Headroom(8, 20, 10, 100, 5, 1));
        assertThat(move).isEqualTo(new RateMove(50, RateMove.HOLD));
    }

    @Test
    void readingsOfTwoInstancesAddTheirPermitsAndKeepTheWorstOfTheRest() {
        Headroom sum = new Headroom(8, 20, 10, 300, 5, 1).plus(new Headroom(7, 20, 40, 100, 60, 1));
        assertThat(sum).isEqualTo(new Headroom(15, 40, 40, 300, 60, 2));
        assertThat(LAW.next(50, 5, 200, sum).reason())
                .as("neither instance alone is over 70 % of its permits, the pipeline is not either")
                .isEqualTo(RateMove.HOLD);
    }
}
