package io.stagedoor.topics.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.TopicsMessages;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Duration;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ReplaySettingsTest {

    private static final ReplaySettings DEFAULTS = ReplaySettings.defaults("localhost:9092");

    @Test
    void theDefaultsFavourThroughput() {
        assertThat(DEFAULTS).isEqualTo(new ReplaySettings(KafkaConnection.plaintext("localhost:9092"), 20_000,
                64 * 1024 * 1024, 8 * 1024 * 1024, Duration.ofSeconds(30), 50_000, Duration.ofMinutes(1)));
    }

    @Test
    void reportingProgressMoreOftenKeepsEveryOtherSetting() {
        ReplaySettings often = DEFAULTS.withProgressEvery(10);

        assertThat(often.progressEvery()).isEqualTo(10);
        assertThat(often.withProgressEvery(DEFAULTS.progressEvery())).isEqualTo(DEFAULTS);
    }

    static Stream<Arguments> notPositive() {
        return Stream.of(
                bad("maxPollRecords", 0, s -> settings(s, 0, 1, 1, Duration.ofSeconds(1), 1)),
                bad("fetchMaxBytes", 0, s -> settings(s, 1, 0, 1, Duration.ofSeconds(1), 1)),
                bad("maxPartitionFetchBytes", -1, s -> settings(s, 1, 1, -1, Duration.ofSeconds(1), 1)),
                bad("progressEvery", 0, s -> settings(s, 1, 1, 1, Duration.ofSeconds(1), 0)),
                // Under a millisecond is no timeout at all: it counts as zero.
                bad("stallTimeout", 0, s -> settings(s, 1, 1, 1, Duration.ofNanos(999_999), 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notPositive")
    void refusesASizeOrTimeoutBelowOne(String setting, long value, Function<ReplaySettings, ReplaySettings> make) {
        assertThatThrownBy(() -> make.apply(DEFAULTS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(TopicsMessages.notPositive(setting, value));
    }

    @Test
    void refusesANegativeTimestampDisorderButAllowsNone() {
        Duration negative = Duration.ofMillis(-1);

        assertThatThrownBy(() -> new ReplaySettings(DEFAULTS.kafka(), 1, 1, 1, Duration.ofSeconds(1), 1, negative))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(TopicsMessages.negative("timestampDisorder", negative));
        assertThat(new ReplaySettings(DEFAULTS.kafka(), 1, 1, 1, Duration.ofSeconds(1), 1, Duration.ZERO)
                .timestampDisorder()).isZero();
    }

    private static Arguments bad(String setting, long value, Function<ReplaySettings, ReplaySettings> make) {
        return Arguments.of(setting, value, make);
    }

    private static ReplaySettings settings(ReplaySettings base, int maxPollRecords, int fetchMaxBytes,
                                           int maxPartitionFetchBytes, Duration stallTimeout, int progressEvery) {
        return new ReplaySettings(base.kafka(), maxPollRecords, fetchMaxBytes, maxPartitionFetchBytes, stallTimeout,
                progressEvery, base.timestampDisorder());
    }
}
