package io.stagedoor.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TimeArgumentTest {

    private static final Instant NOW = Instant.parse("2026-11-30T19:30:00Z");

    @ParameterizedTest
    @CsvSource({
            "now, 2026-11-30T19:30:00Z",
            "15m, 2026-11-30T19:15:00Z",
            "2h, 2026-11-30T17:30:00Z",
            "90s, 2026-11-30T19:28:30Z",
            "1h30m, 2026-11-30T18:00:00Z",
            "1d, 2026-11-29T19:30:00Z",
            "500ms, 2026-11-30T19:29:59.500Z",
            "PT15M, 2026-11-30T19:15:00Z",
            "2026-11-30T19:00:00Z, 2026-11-30T19:00:00Z"})
    void readsInstantsAndDurationsBackFromNow(String text, Instant expected) {
        assertThat(TimeArgument.parse(text, NOW)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"yesterday", "15", "15x", "m15", "2026-13-01T00:00:00Z", "P", "1h 30m"})
    void refusesAnythingElseWithTheFormsItTakes(String text) {
        assertThatThrownBy(() -> TimeArgument.parse(text, NOW)).hasMessage(AuditMessages.badTime(text));
    }
}
