package io.stagedoor.cli;

import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Installs the OpenTelemetry SDK as the global one when the standard {@code OTEL_SDK_DISABLED=false} (or the system
 * property {@code otel.sdk.disabled=false}) asks for it; otherwise tracing stays off and every span is a no-op.
 * Everything else comes from the standard {@code OTEL_*} settings (exporter, endpoint, sampler, resource), with
 * defaults of our own: the service name {@code stagedoor}; traces alone exported (metrics are scraped from
 * {@code /metrics}, logs go to the console); OTLP over HTTP ({@code http/protobuf}, the one protocol the JDK's HTTP
 * client sends: the SDK's own default, gRPC, would need a sender this jar does not ship). Each is overridable by its
 * own setting.
 */
final class TracingSetup {

    static final String SWITCH_VARIABLE = "OTEL_SDK_DISABLED";
    static final String SWITCH_PROPERTY = "otel.sdk.disabled";

    private TracingSetup() {
    }

    /** Installs the SDK if the settings ask for it; {@code true} when it did. */
    static boolean install(Function<String, String> environment) {
        if (!asked(environment)) {
            return false;
        }
        AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> Map.of(
                        "otel.service.name", "stagedoor",
                        "otel.exporter.otlp.protocol", "http/protobuf",
                        "otel.metrics.exporter", "none",
                        "otel.logs.exporter", "none"))
                .setResultAsGlobal()
                .build();
        return true;
    }

    /** Whether the standard switch says the SDK is enabled; off when it is not given at all. */
    static boolean asked(Function<String, String> environment) {
        String given = System.getProperty(SWITCH_PROPERTY, environment.apply(SWITCH_VARIABLE));
        return given != null && "false".equals(given.trim().toLowerCase(Locale.ROOT));
    }
}
