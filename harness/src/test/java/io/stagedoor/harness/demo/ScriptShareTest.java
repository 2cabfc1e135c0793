package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScriptShareTest {

    private static ScriptShare share(long acceptedWhileDecided, long allowance, long seatsHeld,
                                     Map<String, Long> rejected) {
        return new ScriptShare(20, acceptedWhileDecided + 5, acceptedWhileDecided, 5, allowance, seatsHeld, 1_000,
                2_001, rejected);
    }

    @Test
    void theBucketHeldUpToItsAllowanceAndNotOneSeatMore() {
        assertThat(share(34, 34, 8, Map.of()).withinBucket()).isTrue();
        assertThat(share(35, 34, 8, Map.of()).withinBucket()).isFalse();
    }

    @Test
    void seatsAcceptedWhileRedisWasDownDoNotCountAgainstTheBucket() {
        ScriptShare share = new ScriptShare(20, 500, 30, 470, 34, 8, 1_000, 2_001, Map.of());

        assertThat(share.withinBucket()).isTrue();
    }

    @Test
    void itsShareIsTheSeatsItHeldOfTheHouseAndAFairShareSplitsTheHouseOverEveryAccount() {
        ScriptShare share = share(30, 34, 8, Map.of());

        assertThat(share.sharePercent()).isEqualTo(0.8);
        assertThat(share.fairSeats()).isEqualTo(1_000 / 2_001.0);
    }

    @Test
    void itsRejectedHoldsAreEveryReasonsCountTogether() {
        assertThat(share(30, 34, 8, Map.of("buyer-seat-limit", 5L, "seat-unavailable", 2L)).holdsRejected())
                .isEqualTo(7);
        assertThat(share(30, 34, 8, Map.of()).holdsRejected()).isZero();
    }

    @Test
    void rejectionsCountedAfterTheShareWasTakenDoNotChangeIt() {
        Map<String, Long> rejected = new HashMap<>(Map.of("buyer-seat-limit", 5L));
        ScriptShare share = share(30, 34, 8, rejected);

        rejected.put("seat-unavailable", 9L);

        assertThat(share.rejected()).containsOnly(Map.entry("buyer-seat-limit", 5L));
        assertThat(share.holdsRejected()).isEqualTo(5);
    }

    @Test
    void itsRejectionsAreListedInReasonOrderWhateverOrderTheyCameIn() {
        Map<String, Long> rejected = new java.util.LinkedHashMap<>();
        rejected.put("seat-unavailable", 2L);
        rejected.put("hold-expired", 1L);
        rejected.put("buyer-seat-limit", 5L);

        assertThat(share(30, 34, 8, rejected).rejected().keySet())
                .containsExactly("buyer-seat-limit", "hold-expired", "seat-unavailable");
    }
}
