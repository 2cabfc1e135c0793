package io.stagedoor.ingress.rings;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.RequestTrace;
import io.opentelemetry.context.Scope;
import io.stagedoor.ingress.metrics.IngressMetrics;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;
import java.util.Set;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.Request;

/**
 * The outermost ring: at most {@code limit} requests in flight per instance. Past it, an immediate 503 with
 * Retry-After and a {@code service-overloaded} problem, before any other work is done. It runs in the front stage
 * ({@link io.stagedoor.ingress.front.FrontStage}), on the raw Grizzly request, so a shed request never reaches Jersey.
 * Health checks are exempt (the balancer must still see the instance), and so are result polls: a waiting poll
 * holds no thread and has a bound of its own (the results view's waiters). A permit is given back, and the request
 * counted as served, when Grizzly has finished the response.
 */
public final class DoorRing {

    /** Seconds a shed caller is told to wait. */
    public static final int RETRY_AFTER_SECONDS = 1;
    private static final String PERMIT = DoorRing.class.getName() + ".permit";
    /** Route tags besides holds and checkout: the first two segments of every other API path. */
    static final Set<String> ROUTES = Set.of("v1/events", "v1/admin", "v1/scans", "v1/login", "v1/results");
    /** The route tag of pages and of paths no resource serves. */
    public static final String OTHER_ROUTE = "other";
    /** Paths that skip the door, exactly as written: no prefix match, so no dot segment can ride on one. */
    private static final Set<String> EXEMPT = Set.of("/health/live", "/health/ready", "/metrics");

    private final ConcurrencyBound bound;
    private final IngressMetrics metrics;
    private final ProblemException full;

    public DoorRing(ConcurrencyBound bound, IngressMetrics metrics) {
        this.bound = bound;
        this.metrics = metrics;
        this.full = new ProblemException(Problem.of(ProblemType.SERVICE_OVERLOADED,
                IngressMessages.doorFull(bound.limit())).withRetryAfter(RETRY_AFTER_SECONDS));
    }

    /**
     * Lets {@code request} in, holding a permit until Grizzly finishes it; or the 503 it is to be answered with.
     * Exempt requests pass without a permit.
     */
    public Optional<ProblemException> enter(Request request) {
        String path = request.getRequestURI();
        if (exempt(path, request.getMethod())) {
            return Optional.empty();
        }
        long started = System.nanoTime();
        String route = route(path);
        Optional<Permit> permit = bound.tryAcquire();
        if (permit.isEmpty()) {
            metrics.shed("door", route);
            request.addAfterServiceListener(done -> served(done, route, started));
            return Optional.of(full);
        }
        Permit held = permit.get();
        request.setAttribute(PERMIT, held);
        request.addAfterServiceListener(done -> {
            held.release();
            served(done, route, started);
        });
        return Optional.empty();
    }

    private void served(Request done, String route, long started) {
        // in the request's trace, so the latency histogram's exemplar links to it
        try (Scope ignored = RequestTrace.of(done).makeCurrent()) {
            metrics.served(route, done.getResponse().getStatus(), System.nanoTime() - started);
        }
    }

    /** Whether this request holds one of the door's permits (exempt and shed requests do not). */
    public static boolean holdsPermit(ContainerRequestContext request) {
        return request.getProperty(PERMIT) instanceof Permit;
    }

    /**
     * Health, metrics and result polls; a result poll only when its path has nothing to decode or normalise, so the
     * path Jersey matches is the one seen here.
     */
    private static boolean exempt(String path, Method method) {
        return EXEMPT.contains(path) || (Method.GET.equals(method) && path.startsWith("/v1/results/")
                && path.indexOf('%') < 0 && !path.contains("/.") && path.indexOf(';') < 0);
    }

    /** The route {@code request} is tagged with ({@link #route(String)}). */
    static String route(ContainerRequestContext request) {
        return route(request.getUriInfo().getPath());
    }

    /**
     * The route a metric is tagged with, from a path with or without its leading slash: one of {@link #ROUTES}, else
     * {@code other}, so a caller inventing paths cannot add meters without limit.
     */
    public static String route(String given) {
        String path = given.startsWith("/") ? given.substring(1) : given;
        if (path.endsWith("/holds")) {
            return "holds";
        }
        if (path.endsWith("/checkout")) {
            return "checkout";
        }
        int slash = path.indexOf('/', 3);
        String prefix = slash < 0 ? path : path.substring(0, slash);
        return ROUTES.contains(prefix) ? prefix : OTHER_ROUTE;
    }
}
