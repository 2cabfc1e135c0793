package io.stagedoor.topics.trace;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Where a request's trace context rides between the parts: the propagators' fields ({@code traceparent},
 * {@code tracestate} with the W3C propagator) as record headers, so a consumer's span is a child of the producer's.
 * Spans are made on the global OpenTelemetry, looked up at each use: until the launcher installs an SDK (tracing is
 * off by default) every span is a no-op and no header is written.
 */
public final class Traces {

    /** The instrumentation scope of every span the pipeline makes. */
    public static final String SCOPE = "io.stagedoor";
    /** The attribute naming the request a span belongs to, the same id as in the logs and the records. */
    public static final AttributeKey<String> CORRELATION_ID = AttributeKey.stringKey("stagedoor.correlation_id");
    /** Semantic-convention attributes of a messaging span. */
    public static final AttributeKey<String> MESSAGING_SYSTEM = AttributeKey.stringKey("messaging.system");
    public static final AttributeKey<String> DESTINATION = AttributeKey.stringKey("messaging.destination.name");

    private static final TextMapSetter<Headers> INTO_HEADERS = (headers, key, value) -> {
        if (headers != null) {
            headers.remove(key);
            headers.add(key, value.getBytes(StandardCharsets.UTF_8));
        }
    };

    private static final TextMapGetter<Headers> FROM_HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Headers headers) {
            List<String> keys = new ArrayList<>();
            headers.forEach(header -> keys.add(header.key()));
            return keys;
        }

        @Override
        public String get(Headers headers, String key) {
            Header header = headers == null ? null : headers.lastHeader(key);
            return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
        }
    };

    private Traces() {
    }

    /** The tracer of the pipeline's spans, from the OpenTelemetry installed now. */
    public static Tracer tracer() {
        return GlobalOpenTelemetry.getTracer(SCOPE);
    }

    /** The installed propagators' text map propagator: W3C trace context when tracing is on, else a no-op. */
    public static TextMapPropagator propagator() {
        return GlobalOpenTelemetry.getPropagators().getTextMapPropagator();
    }

    /** Writes {@code context}'s trace into a record's {@code headers}; nothing when tracing is off. */
    public static void carry(Context context, Headers headers) {
        propagator().inject(context, headers, INTO_HEADERS);
    }

    /** The trace context a record's {@code headers} carry, as the parent of what the consumer does with it. */
    public static Context carried(Headers headers) {
        return propagator().extract(Context.root(), headers, FROM_HEADERS);
    }

    /**
     * Starts the consumer span of a record read from {@code topic}: a child of the trace its headers carry, or a trace
     * of its own when they carry none. The caller ends it.
     */
    public static Span consuming(String name, String topic, Headers headers, String correlationId) {
        return tracer().spanBuilder(name).setSpanKind(SpanKind.CONSUMER).setParent(carried(headers))
                .setAttribute(MESSAGING_SYSTEM, "kafka").setAttribute(DESTINATION, topic)
                .setAttribute(CORRELATION_ID, correlationId == null ? "" : correlationId).startSpan();
    }

    /** Marks the span of {@code trace} with the correlation id its request was given. */
    public static void correlated(Context trace, String correlationId) {
        Span.fromContext(trace).setAttribute(CORRELATION_ID, correlationId);
    }

    /** Starts a producer span for a record to {@code topic} in the trace of {@code parent}. The caller ends it. */
    public static Span producing(Context parent, String topic, String correlationId) {
        return tracer().spanBuilder("publish " + topic).setSpanKind(SpanKind.PRODUCER).setParent(parent)
                .setAttribute(MESSAGING_SYSTEM, "kafka").setAttribute(DESTINATION, topic)
                .setAttribute(CORRELATION_ID, correlationId == null ? "" : correlationId).startSpan();
    }
}
