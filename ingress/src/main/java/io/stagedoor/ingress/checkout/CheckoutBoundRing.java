package io.stagedoor.ingress.checkout;

import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.ingress.rings.RingOrder;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.glassfish.grizzly.http.server.Request;

/**
 * The checkout bound: on the checkout route, a permit of {@link CheckoutPermits} is taken without waiting; the
 * checkout past the bound is a 503 {@code service-overloaded} problem with {@code Retry-After:}
 * {@value #RETRY_AFTER_SECONDS} in about a millisecond, and the checkouts inside are not slowed. A replay of a decided
 * checkout takes no permit, and a checkout of a hold this instance has not seen yet takes its permit in the resource
 * once the hold shows up ({@link CheckoutRequests#takesNoPermitYet}). A checkout that finds the bound full is shed
 * before its body is read and the principal limit decided ({@link FullBound}, at {@code RingOrder.CHECKOUT_FULL},
 * and in the front stage before Jersey), by a look that takes nothing, so a full bound costs no Redis call and none of
 * the buyer's tokens; the permit itself is taken after the limit, so a checkout the limit refuses never holds one,
 * and no client can fill the bound with checkouts it is not allowed.
 *
 * <p>The resource must {@link #claim} the permit and tie it to the checkout's result. A permit nobody claimed (the
 * request failed before the resource) is given back in the response filter or, should that never run, when Grizzly
 * finishes the request.
 */
public final class CheckoutBoundRing implements DynamicFeature {

    /** Seconds a caller refused by the checkout bound is told to wait. */
    public static final int RETRY_AFTER_SECONDS = 2;
    private static final String PERMIT = CheckoutBoundRing.class.getName() + ".permit";

    private final CheckoutPermits permits;
    private final CheckoutRequests checkouts;
    private final IngressMetrics metrics;
    private final FullBound look;

    @Inject
    private Provider<Request> connection;

    public CheckoutBoundRing(CheckoutPermits permits, CheckoutRequests checkouts, FullBound look,
                             IngressMetrics metrics) {
        this.look = look;
        this.permits = permits;
        this.checkouts = checkouts;
        this.metrics = metrics;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Limited limited = resource.getResourceMethod().getAnnotation(Limited.class);
        if (limited != null && limited.value() == LimitedRoute.CHECKOUT) {
            context.register(new Full(), RingOrder.CHECKOUT_FULL);
            context.register(new Bound(), RingOrder.CHECKOUT_BOUND);
        }
    }

    /**
     * The permit this ring took for {@code request}, now the caller's to release or hand on.
     *
     * @throws IllegalStateException when the ring took none (a replay, a hold not seen yet, or a route the ring does
     *                               not guard)
     */
    public static Permit claim(ContainerRequestContext request) {
        if (request.getProperty(PERMIT) instanceof Unclaimed unclaimed) {
            Permit permit = unclaimed.permit.getAndSet(null);
            if (permit != null) {
                return permit;
            }
        }
        throw new IllegalStateException(IngressMessages.checkoutPermitMissing());
    }

    /** A permit until the resource claims it; whoever gets it first (claim or release) owns it. */
    private record Unclaimed(AtomicReference<Permit> permit) {
        void release() {
            Permit left = permit.getAndSet(null);
            if (left != null) {
                left.release();
            }
        }
    }

    /** The look before the body is read and the principal limit decided: a full bound sheds at once, taking nothing. */
    private final class Full implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            if (FullBound.looked(connection.get())) {
                return; // the front stage looked, and counts this checkout as passing until the ring below
            }
            Optional<ProblemException> shed = look.shed(request.getUriInfo().getPathParameters().getFirst("holdId"));
            if (shed.isPresent()) {
                request.abortWith(Problems.repeated(shed.get().problem(), shed.get().headers()));
            }
        }
    }

    private final class Bound implements ContainerRequestFilter, ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            // No longer on its way, before the permit is taken: for a moment the front's look counts it in neither,
            // so at worst one more checkout comes this far and meets tryAcquire; counted in both, a checkout the
            // bound had room for could be shed.
            FullBound.arrived(connection.get());
            if (checkouts.takesNoPermitYet(request)) {
                return;
            }
            Optional<Permit> taken = permits.tryAcquire();
            if (taken.isEmpty()) {
                request.abortWith(Problems.repeated(full(permits, metrics), Map.of()));
                return;
            }
            Unclaimed unclaimed = new Unclaimed(new AtomicReference<>(taken.get()));
            request.setProperty(PERMIT, unclaimed);
            connection.get().addAfterServiceListener(finished -> unclaimed.release());
        }

        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            if (request.getProperty(PERMIT) instanceof Unclaimed unclaimed) {
                unclaimed.release();
            }
        }

    }

    /**
     * The problem of a checkout past the bound, counted as shed. It names no path (like the door's), so every shed
     * answers one body, rendered once ({@link Problems#repeated}).
     */
    public static Problem full(CheckoutPermits permits, IngressMetrics metrics) {
        metrics.shed("checkout-bound", "checkout");
        return Problem.of(ProblemType.SERVICE_OVERLOADED, IngressMessages.checkoutsFull(permits.bound().limit()))
                .withRetryAfter(RETRY_AFTER_SECONDS);
    }
}
