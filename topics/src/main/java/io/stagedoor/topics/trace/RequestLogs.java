package io.stagedoor.topics.trace;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import org.slf4j.MDC;

/**
 * The logging context of the lines about one request: its correlation id and, when tracing is on, the trace and span
 * ids of the span at hand, as MDC keys (fields of their own in JSON logs), the same keys in every part. Opened and
 * closed on the thread that logs.
 */
public final class RequestLogs implements AutoCloseable {

    /** MDC key of the request's correlation id. */
    public static final String CORRELATION_ID = "correlationId";
    /** MDC key of the W3C trace id (32 hex digits), absent when tracing is off. */
    public static final String TRACE_ID = "traceId";
    /** MDC key of the span id (16 hex digits), absent when tracing is off. */
    public static final String SPAN_ID = "spanId";

    private final boolean traced;

    private RequestLogs(boolean traced) {
        this.traced = traced;
    }

    /** Puts {@code correlationId} and {@code span}'s ids (when it is a real span) into the MDC until closed. */
    public static RequestLogs about(String correlationId, Span span) {
        MDC.put(CORRELATION_ID, correlationId);
        SpanContext context = span.getSpanContext();
        if (!context.isValid()) {
            return new RequestLogs(false);
        }
        MDC.put(TRACE_ID, context.getTraceId());
        MDC.put(SPAN_ID, context.getSpanId());
        return new RequestLogs(true);
    }

    @Override
    public void close() {
        MDC.remove(CORRELATION_ID);
        if (traced) {
            MDC.remove(TRACE_ID);
            MDC.remove(SPAN_ID);
        }
    }
}
