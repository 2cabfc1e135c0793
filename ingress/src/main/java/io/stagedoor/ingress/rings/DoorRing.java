package io.stagedoor.ingress.rings;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.ingress.metrics.IngressMetrics;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import java.util.Optional;
import java.util.Set;

/**
 * The outermost ring: at most {@code limit} requests in flight per instance. Past it, an immediate 503 with
 * Retry-After and a {@code service-overloaded} problem, before any other work is done. Health checks are exempt
 * (the balancer must still see the instance), and so are result polls: a waiting poll holds no thread and has a
 * bound of its own (the results view's waiters).
 */
@PreMatching
@Priority(RingOrder.DOOR)
public final class DoorRing implements ContainerRequestFilter, ContainerResponseFilter {

    /** Seconds a shed caller is told to wait. */
    public static final int RETRY_AFTER_SECONDS = 1;
    private static final String PERMIT = DoorRing.class.getName() + ".permit";
    private static final String STARTED = DoorRing.class.getName() + ".started";
    /** Route tags besides holds and checkout: the first two segments of every other API path. */
    static final Set<String> ROUTES = Set.of("v1/events", "v1/admin", "v1/scans", "v1/login", "v1/results");
    /** The route tag of pages and of paths no resource serves. */
    static final String OTHER_ROUTE = "other";

    private final ConcurrencyBound bound;
    private final IngressMetrics metrics;

    public DoorRing(ConcurrencyBound bound, IngressMetrics metrics) {
        this.bound = bound;
        this.metrics = metrics;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (exempt(request)) {
            return;
        }
        request.setProperty(STARTED, System.nanoTime());
        Optional<Permit> permit = bound.tryAcquire();
        if (permit.isEmpty()) {
            metrics.shed("door", route(request));
            request.abortWith(Problems.response(Problem.of(ProblemType.SERVICE_OVERLOADED,
                    IngressMessages.doorFull(bound.limit())).withRetryAfter(RETRY_AFTER_SECONDS)));
            return;
        }
        request.setProperty(PERMIT, permit.get());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(PERMIT) instanceof Permit permit) {
            permit.release();
        }
        if (request.getProperty(STARTED) instanceof Long started) {
            metrics.served(route(request), response.getStatus(), System.nanoTime() - started);
        }
    }

    /** Whether this request holds one of the door's permits (exempt and shed requests do not). */
    public static boolean holdsPermit(ContainerRequestContext request) {
        return request.getProperty(PERMIT) instanceof Permit;
    }

    private static boolean exempt(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        return path.startsWith("health/") || path.equals("metrics")
                || (path.startsWith("v1/results/") && "GET".equals(request.getMethod()));
    }

    /**
     * The route a metric is tagged with: one of {@link #ROUTES}, else {@code other}, so a caller inventing paths
     * cannot add meters without limit.
     */
    static String route(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
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
