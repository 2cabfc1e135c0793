package io.stagedoor.ingress.rings;

import io.stagedoor.admission.Decision;
import io.stagedoor.admission.Limiter;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.events.EventCatalog;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.util.ArrayList;
import java.util.List;

/**
 * The principal ring: after authentication, the limits keyed on who is calling. A hold takes one token from the
 * buyer's bucket and one from the event organizer's aggregate, all or nothing (a refusal by one consumes nothing
 * from the other); a scan takes one from the API key's bucket. A refused request is answered 429 here and never
 * reaches the resource, so it is never published.
 */
public final class PrincipalLimitRing implements DynamicFeature {

    private final Decisions decisions;
    private final Limits limits;
    private final EventCatalog catalog;

    public PrincipalLimitRing(Limiter limiter, Limits limits, EventCatalog catalog, Decisions.Recorder recorder) {
        this.decisions = new Decisions(limiter, recorder);
        this.limits = limits;
        this.catalog = catalog;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Limited limited = resource.getResourceMethod().getAnnotation(Limited.class);
        if (limited != null && limited.value() != LimitedRoute.LOGIN) {
            context.register(new Filter(limited.value()), RingOrder.PRINCIPAL_LIMIT);
        }
    }

    @Priority(RingOrder.PRINCIPAL_LIMIT)
    private final class Filter implements ContainerRequestFilter {
        private final LimitedRoute route;

        Filter(LimitedRoute route) {
            this.route = route;
        }

        @Override
        public void filter(ContainerRequestContext request) {
            Caller caller = (Caller) request.getSecurityContext().getUserPrincipal();
            Decision decision = decisions.decide(checks(caller, request), route);
            decisions.answer(request, decision);
        }

        private List<LimitCheck> checks(Caller caller, ContainerRequestContext request) {
            List<LimitCheck> checks = new ArrayList<>();
            if (route == LimitedRoute.SCANS) {
                checks.add(LimitCheck.of(limits.scannerKey(), caller.id()));
                return checks;
            }
            checks.add(LimitCheck.of(limits.buyerHolds(), caller.id()));
            String eventId = request.getUriInfo().getPathParameters().getFirst("eventId");
            catalog.find(eventId).ifPresent(event -> checks.add(LimitCheck.of(limits.organizerHolds(), event.organizerId())));
            return checks;
        }
    }
}
