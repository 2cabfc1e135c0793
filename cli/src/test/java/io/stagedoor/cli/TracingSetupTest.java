package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Tracing is off unless the standard switch says the SDK is not disabled. */
class TracingSetupTest {

    @ParameterizedTest(name = "OTEL_SDK_DISABLED={0} → on: {1}")
    @CsvSource(value = {"<none>, false", "true, false", "TRUE, false", "false, true", "' False ', true", "no, false"},
            nullValues = "<none>")
    void onlyAnExplicitFalseTurnsTracingOn(String given, boolean on) {
        Map<String, String> environment = given == null ? Map.of() : Map.of(TracingSetup.SWITCH_VARIABLE, given);
        assertThat(TracingSetup.asked(environment::get)).isEqualTo(on);
    }

    /** Turned on with nothing else set, the SDK starts: it exports over OTLP/HTTP, which the JDK's client sends. */
    @org.junit.jupiter.api.Test
    void turnedOnWithTheDefaultsTheSdkStarts() {
        io.opentelemetry.api.GlobalOpenTelemetry.resetForTest();
        try {
            assertThat(TracingSetup.install(Map.of(TracingSetup.SWITCH_VARIABLE, "false")::get)).isTrue();
            assertThat(io.opentelemetry.api.GlobalOpenTelemetry.getTracer("test").spanBuilder("s").startSpan()
                    .getSpanContext().isValid()).isTrue();
        } finally {
            io.opentelemetry.api.GlobalOpenTelemetry.resetForTest();
        }
    }
}
