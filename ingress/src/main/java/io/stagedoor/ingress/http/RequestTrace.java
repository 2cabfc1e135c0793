package io.stagedoor.ingress.http;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.stagedoor.topics.trace.Traces;
import jakarta.ws.rs.container.ContainerRequestContext;
import org.glassfish.grizzly.http.server.Request;

/**
 * The server span of one HTTP request, from the moment the front stage sees it until Grizzly has finished its
 * response, a child of the caller's {@code traceparent} when it sent one. Its context rides on the request as an
 * attribute (a property to Jersey), so whatever the request publishes carries it on ({@link
 * io.stagedoor.ingress.publish.Publisher}). A no-op while tracing is off.
 */
public final class RequestTrace {

    private static final String CONTEXT = RequestTrace.class.getName() + ".context";
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");

    private static final TextMapGetter<Request> FROM_REQUEST = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Request request) {
            return request.getHeaderNames();
        }

        @Override
        public String get(Request request, String key) {
            return request == null ? null : request.getHeader(key);
        }
    };

    private RequestTrace() {
    }

    /**
     * Starts {@code request}'s server span, named after its {@code route} (a bounded set of names), and ends it when
     * Grizzly has finished the response, with the status it had.
     */
    public static void start(Request request, String route) {
        Context parent = Traces.propagator().extract(Context.root(), request, FROM_REQUEST);
        Span span = Traces.tracer().spanBuilder(request.getMethod().getMethodString() + " " + route)
                .setSpanKind(SpanKind.SERVER).setParent(parent)
                .setAttribute(METHOD, request.getMethod().getMethodString())
                .setAttribute(PATH, request.getRequestURI()).setAttribute(ROUTE, route).startSpan();
        if (!span.getSpanContext().isValid()) {
            return; // tracing is off: nothing to carry, nothing to end
        }
        request.setAttribute(CONTEXT, parent.with(span));
        request.addAfterServiceListener(done -> {
            int status = done.getResponse().getStatus();
            span.setAttribute(STATUS, (long) status);
            if (status >= 500) {
                span.setStatus(StatusCode.ERROR);
            }
            span.end();
        });
    }

    /** The trace {@code request} belongs to: its server span's context, else the root (tracing off). */
    public static Context of(Request request) {
        return request.getAttribute(CONTEXT) instanceof Context context ? context : Context.root();
    }

    /** The trace of a request Jersey serves, as {@link #of(Request)}. */
    public static Context of(ContainerRequestContext request) {
        return request.getProperty(CONTEXT) instanceof Context context ? context : Context.root();
    }
}
