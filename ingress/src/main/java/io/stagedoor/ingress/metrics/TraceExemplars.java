package io.stagedoor.ingress.metrics;

import io.micrometer.core.instrument.Clock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Locale;

/**
 * Links the latency histograms to traces: a histogram bucket's exemplar is the trace and span current when a latency
 * was recorded (each part records in the span of the request it measures), shown in the OpenMetrics exposition
 * ({@link #contentType}). Nothing while tracing is off.
 */
public final class TraceExemplars implements io.prometheus.metrics.tracer.common.SpanContext {

    /** OpenMetrics, the exposition that carries exemplars. */
    public static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    /** Prometheus' classic text exposition, the default. */
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private TraceExemplars() {
    }

    /** A registry whose histograms keep exemplars of the current trace. */
    public static PrometheusMeterRegistry registry() {
        return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), Clock.SYSTEM,
                new TraceExemplars());
    }

    /** The exposition to answer a scrape with: OpenMetrics when its {@code Accept} header names it, else text. */
    public static String contentType(String accept) {
        return accept != null && accept.toLowerCase(Locale.ROOT).contains("application/openmetrics-text")
                ? OPENMETRICS : PROMETHEUS_TEXT;
    }

    @Override
    public String getCurrentTraceId() {
        SpanContext current = Span.current().getSpanContext();
        return current.isValid() ? current.getTraceId() : null;
    }

    @Override
    public String getCurrentSpanId() {
        SpanContext current = Span.current().getSpanContext();
        return current.isValid() ? current.getSpanId() : null;
    }

    @Override
    public boolean isCurrentSpanSampled() {
        return Span.current().getSpanContext().isSampled();
    }

    @Override
    public void markCurrentSpanAsExemplar() {
        // the span is marked by the exemplar's labels alone; nothing to record on it
    }
}
