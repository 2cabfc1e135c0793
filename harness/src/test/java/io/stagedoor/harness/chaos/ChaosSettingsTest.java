package io.stagedoor.harness.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ChaosSettingsTest {

    private static final Path RUN = Path.of("/tmp/chaos");

    @Test
    void theBuilderDefaultsAreTheCiSize() {
        ChaosSettings expected = new ChaosSettings(RUN, Duration.ofSeconds(8), 5, 200, 3, Duration.ofMillis(200),
                Duration.ofSeconds(3), Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(2),
                Duration.ofMillis(200), Duration.ofSeconds(3), 2_000, Duration.ofSeconds(90), 11);

        assertThat(ChaosSettings.builder(RUN).build()).isEqualTo(expected);
        assertThat(ChaosSettings.ci(RUN)).isEqualTo(expected);
    }

    @Test
    void theNightRunIsLargerWithLongerOutages() {
        assertThat(ChaosSettings.night(RUN, Duration.ofSeconds(60))).isEqualTo(new ChaosSettings(RUN,
                Duration.ofSeconds(60), 10, 600, 6, Duration.ofMillis(200), Duration.ofSeconds(10),
                Duration.ofSeconds(20), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofMillis(200),
                Duration.ofSeconds(15), 10_000, Duration.ofSeconds(120), 11));
    }

    @Test
    void theNightLoadIsAtLeastFortySeconds() {
        assertThat(ChaosSettings.night(RUN, Duration.ofSeconds(10)).load()).isEqualTo(Duration.ofSeconds(40));
    }

    @Test
    void toBuilderChangesOneComponentAndKeepsTheRest() {
        ChaosSettings night = ChaosSettings.night(RUN, Duration.ofSeconds(60));

        ChaosSettings slower = night.toBuilder().rate(3).build();

        assertThat(slower.rate()).isEqualTo(3);
        assertThat(slower.toBuilder().rate(night.rate()).build()).isEqualTo(night);
    }

    static Stream<Named<UnaryOperator<ChaosSettings.Builder>>> badSettings() {
        return Stream.of(
                Named.of("no buyers per second", b -> b.rate(0)),
                Named.of("no buyers", b -> b.buyers(0)),
                Named.of("no partitions", b -> b.partitions(0)),
                Named.of("negative bad requests", b -> b.badRequests(-1)),
                Named.of("a negative outage", b -> b.brokerDown(Duration.ofSeconds(-1))),
                Named.of("no result wait", b -> b.resultWait(null)));
    }

    @ParameterizedTest
    @MethodSource("badSettings")
    void refusesABadValue(UnaryOperator<ChaosSettings.Builder> bad) {
        ChaosSettings.Builder builder = bad.apply(ChaosSettings.builder(RUN));

        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesAMissingRunDirectory() {
        assertThatThrownBy(() -> ChaosSettings.builder(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("runDir");
    }
}
