package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.EventDefinition;
import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DemoSettingsTest {

    @Test
    void theDefaultsAreTheTwoMinuteOnSale() {
        DemoSettings expected = new DemoSettings(2_000, 200, 400, 20, Duration.ofSeconds(3), 0.05, true,
                Duration.ofSeconds(15), Duration.ofSeconds(10), 4, 300, 0.1, Duration.ofSeconds(30), 19,
                EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER, true, DemoSettings.DEFAULT_MAX_ACTIVE, Duration.ZERO);

        assertThat(DemoSettings.defaults()).isEqualTo(expected);
        assertThat(DemoSettings.builder().build()).isEqualTo(expected);
    }

    @Test
    void byDefaultTheRoomFollowsTheLoopUnderACapOfFifteenWithNoE2eFigure() {
        DemoSettings defaults = DemoSettings.defaults();

        assertThat(defaults.entryLoop()).isTrue();
        assertThat(defaults.maxActive()).isEqualTo(15);
        assertThat(defaults.e2eP99()).isZero();
        assertThat(defaults.outage()).isTrue();
    }

    @Test
    void toBuilderChangesOneComponentAndKeepsTheRest() {
        DemoSettings defaults = DemoSettings.defaults();

        DemoSettings compared = defaults.toBuilder().e2eP99(Duration.ofMillis(300)).build();

        assertThat(compared.e2eP99()).isEqualTo(Duration.ofMillis(300));
        assertThat(compared.toBuilder().e2eP99(Duration.ZERO).build()).isEqualTo(defaults);
    }

    static Stream<Named<UnaryOperator<DemoSettings.Builder>>> badSettings() {
        return Stream.of(
                Named.of("no buyers", b -> b.buyers(0)),
                Named.of("an office larger than the crowd", b -> b.buyers(10).office(11)),
                Named.of("a negative office", b -> b.office(-1)),
                Named.of("no concurrency", b -> b.concurrency(0)),
                Named.of("no phones", b -> b.phones(0)),
                Named.of("no seats per buyer", b -> b.maxSeatsPerBuyer(0)),
                Named.of("a negative active cap", b -> b.maxActive(-1)),
                Named.of("negative scans", b -> b.scans(-1)),
                Named.of("no entry rate", b -> b.entryRate(0)),
                Named.of("a decline share above one", b -> b.declineShare(1.5)),
                Named.of("a negative rescan share", b -> b.rescanShare(-0.1)),
                Named.of("a negative opening delay", b -> b.opensIn(Duration.ofSeconds(-1))),
                Named.of("a negative e2e figure", b -> b.e2eP99(Duration.ofMillis(-1))));
    }

    @ParameterizedTest
    @MethodSource("badSettings")
    void refusesABadValue(UnaryOperator<DemoSettings.Builder> bad) {
        DemoSettings.Builder builder = bad.apply(DemoSettings.builder());

        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesAMissingDuration() {
        assertThatThrownBy(() -> DemoSettings.builder().resultWait(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("resultWait");
    }
}
