package io.stagedoor.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.json.Json;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JoinPuzzleSettingsTest {

    @Test
    void defaultsAreSixteenBitsForTwoMinutesNeverRaised() {
        JoinPuzzleSettings settings = JoinPuzzleSettings.defaults();
        assertThat(settings.difficulty()).isEqualTo(16);
        assertThat(settings.lifetime()).isEqualTo(Duration.ofMinutes(2));
        assertThat(settings.maxDifficulty()).isEqualTo(22);
        assertThat(settings.difficultyAt(1_000_000)).isEqualTo(16);
    }

    /** One more bit for each doubling of the pace past the bar, never past the most. */
    @ParameterizedTest(name = "{0} joins/s → {1} bits")
    @CsvSource({"0, 16", "100, 16", "101, 17", "200, 17", "201, 18", "400, 18", "1600, 20", "100000, 20"})
    void eachDoublingPastTheBarAsksOneMoreBit(double perSecond, int bits) {
        assertThat(new JoinPuzzleSettings(16, null, 100.0, 20).difficultyAt(perSecond)).isEqualTo(bits);
    }

    @Test
    void outOfRangeValuesAreRefusedWithWhatWasWrong() {
        assertThatThrownBy(() -> new JoinPuzzleSettings(0, null, null, null)).hasMessageContaining("difficulty");
        assertThatThrownBy(() -> new JoinPuzzleSettings(33, null, null, null)).hasMessageContaining("1 to 32");
        assertThatThrownBy(() -> new JoinPuzzleSettings(16, Duration.ofSeconds(1), null, null))
                .hasMessageContaining("lifetime");
        assertThatThrownBy(() -> new JoinPuzzleSettings(16, null, -1.0, null)).hasMessageContaining("raiseAbove");
        assertThatThrownBy(() -> new JoinPuzzleSettings(16, null, null, 15)).hasMessageContaining("maxDifficulty");
        assertThat(new JoinPuzzleSettings(30, null, null, null).maxDifficulty()).isEqualTo(32);
    }

    @Test
    void anEventsRoomReadsItsPuzzleFromJsonAndWithoutOne() {
        WaitingRoomSettings room = Json.mapper().convertValue(java.util.Map.of("enabled", true,
                "entryRatePerSecond", 10, "passLifetime", "PT15M", "joinPuzzle", java.util.Map.of("difficulty", 12)),
                WaitingRoomSettings.class);
        assertThat(room.joinPuzzle().difficulty()).isEqualTo(12);
        assertThat(room.joinPuzzle().lifetime()).isEqualTo(JoinPuzzleSettings.DEFAULT_LIFETIME);
        assertThat(WaitingRoomSettings.disabled().joinPuzzle()).isNull();
        assertThat(room.withMaxActive(5).joinPuzzle()).isEqualTo(room.joinPuzzle());
    }
}
