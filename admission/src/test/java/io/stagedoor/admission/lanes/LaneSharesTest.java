package io.stagedoor.admission.lanes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LaneSharesTest {

    private static final List<String> LANES = List.of("fan-club", "accessibility", "general");
    private static final List<Double> SHARES = List.of(0.2, 0.1, 0.7);

    private static Map<String, Integer> run(LaneShares shares, int admissions, Predicate<String> waiting) {
        Map<String, Integer> got = new HashMap<>();
        for (int i = 0; i < admissions; i++) {
            String lane = shares.next(waiting);
            if (lane != null) {
                got.merge(lane, 1, Integer::sum);
            }
        }
        return got;
    }

    /** With every lane full, each lane's count after every admission is its share of the run so far, within one. */
    @ParameterizedTest
    @ValueSource(ints = {1, 7, 10, 99, 1_000, 12_345})
    void everyPrefixOfARunWithAllLanesFullIsWithinOneOfTheShares(int admissions) {
        LaneShares shares = new LaneShares(LANES, SHARES);
        Map<String, Integer> got = new HashMap<>();
        for (int n = 1; n <= admissions; n++) {
            got.merge(shares.next(lane -> true), 1, Integer::sum);
            for (int i = 0; i < LANES.size(); i++) {
                assertThat((double) got.getOrDefault(LANES.get(i), 0)).as("%s after %d", LANES.get(i), n)
                        .isBetween(SHARES.get(i) * n - 1, SHARES.get(i) * n + 1);
            }
        }
    }

    @Test
    void anEmptyLanesShareFlowsToTheOthersInTheirProportions() {
        LaneShares shares = new LaneShares(LANES, SHARES);
        Map<String, Integer> got = run(shares, 800, lane -> !lane.equals("general"));
        assertThat(got).doesNotContainKey("general");
        assertThat(got.get("fan-club")).isBetween(532, 534); // 2/3 of 800
        assertThat(got.get("accessibility")).isBetween(266, 268);
    }

    /** A lane empty for a long stretch comes back at its share, with no burst saved up. */
    @Test
    void aLaneThatWasEmptyComesBackAtItsShareWithNoBurst() {
        LaneShares shares = new LaneShares(LANES, SHARES);
        run(shares, 5_000, lane -> !lane.equals("fan-club"));
        Map<String, Integer> next = run(shares, 10, lane -> true);
        assertThat(next.getOrDefault("fan-club", 0)).isBetween(1, 3);
    }

    @Test
    void nobodyWaitingAdmitsNobody() {
        assertThat(new LaneShares(LANES, SHARES).next(lane -> false)).isNull();
        assertThat(run(new LaneShares(LANES, SHARES), 5, Set.of("accessibility")::contains))
                .containsExactlyEntriesOf(Map.of("accessibility", 5));
    }

    @Test
    void sharesAreNormalisedAndMustBePositive() {
        Map<String, Integer> got = run(new LaneShares(List.of("a", "b"), List.of(3.0, 1.0)), 400, lane -> true);
        assertThat(got).containsEntry("a", 300).containsEntry("b", 100);
        assertThatThrownBy(() -> new LaneShares(List.of("a"), List.of(0.0))).hasMessageContaining("lane a");
        assertThatThrownBy(() -> new LaneShares(List.of("a", "b"), List.of(1.0))).hasMessageContaining("one share each");
        assertThatThrownBy(() -> new LaneShares(List.of(), List.of())).hasMessageContaining("at least one lane");
    }
}
