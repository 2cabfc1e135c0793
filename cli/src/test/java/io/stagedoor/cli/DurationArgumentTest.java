package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class DurationArgumentTest {

    @ParameterizedTest
    @CsvSource({"500ms,500", "10s,10000", "2m,120000", "1h,3600000", "PT3S,3000", "0s,0"})
    void readsMillisSecondsMinutesAndIso(String text, long millis) {
        assertThat(new DurationArgument().convert(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest
    @ValueSource(strings = {"10", "ten s", "3d", ""})
    void refusesWhatIsNotADuration(String text) {
        assertThatThrownBy(() -> new DurationArgument().convert(text))
                .isInstanceOf(CommandLine.TypeConversionException.class).hasMessage(CliMessages.notADuration(text));
    }
}
