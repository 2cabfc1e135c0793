package io.stagedoor.ingress.front;

import io.stagedoor.ingress.http.HttpJson;
import java.io.IOException;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * Liveness and readiness answered where the request was parsed, on both listeners, never entering Jersey: a
 * balancer's health check must not wait for a thread behind a storm of requests, or a busy instance is taken for a
 * dead one. The answers are the health resource's: {@code GET /health/live} is 200 {@code {"status":"live"}};
 * {@code GET /health/ready} is 200 {@code {"status":"ready"}} or 503 {@code {"status":"not-ready"}}, both
 * {@code application/json}. Only a plain GET of one of the two paths, written plainly, with an {@code Accept} the
 * resource produces for, is taken; anything else (HEAD, an odd Accept, a path with escapes) goes on to Jersey.
 */
final class FrontHealth {

    static final String LIVE = "/health/live";
    static final String READY = "/health/ready";
    private static final String JSON = "application/json";
    private static final byte[] LIVE_BODY = HttpJson.bytes(Map.of("status", "live"));
    private static final byte[] READY_BODY = HttpJson.bytes(Map.of("status", "ready"));
    private static final byte[] NOT_READY_BODY = HttpJson.bytes(Map.of("status", "not-ready"));

    private final BooleanSupplier ready;

    /** @param ready whether this instance should get traffic (the health resource's own readiness) */
    FrontHealth(BooleanSupplier ready) {
        this.ready = ready;
    }

    /** Whether the front answers {@code request} here. */
    boolean takes(Request request) {
        if (!Method.GET.equals(request.getMethod())) {
            return false;
        }
        String path = request.getRequestURI();
        return (LIVE.equals(path) || READY.equals(path)) && JsonPostRoute.plainAccept(request.getHeader("Accept"));
    }

    /** Answers a request {@link #takes} took; returns the status answered. */
    int answer(Request request, Response response) throws IOException {
        boolean live = LIVE.equals(request.getRequestURI());
        boolean isReady = live || ready.getAsBoolean();
        byte[] body = live ? LIVE_BODY : isReady ? READY_BODY : NOT_READY_BODY;
        response.setStatus(isReady ? 200 : 503);
        response.setContentType(JSON);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        return response.getStatus();
    }
}
