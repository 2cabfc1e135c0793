package io.stagedoor.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-11-30T19:00:00Z");

    @Test
    void delaySecondsAreTheWait() {
        assertThat(RetryAfter.parse("6", NOW)).contains(Duration.ofSeconds(6));
        assertThat(RetryAfter.parse(" 0 ", NOW)).contains(Duration.ZERO);
    }

    @Test
    void anHttpDateIsTheWaitUntilThen() {
        assertThat(RetryAfter.parse("Mon, 30 Nov 2026 19:00:07 GMT", NOW)).contains(Duration.ofSeconds(7));
    }

    @Test
    void aDateInThePastIsNoWait() {
        assertThat(RetryAfter.parse("Mon, 30 Nov 2026 18:59:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "soon", "-1", "1.5", "99999999999999999999999"})
    void anUnreadableFieldAsksNothing(String field) {
        assertThat(RetryAfter.parse(field, NOW)).isEmpty();
    }
}
