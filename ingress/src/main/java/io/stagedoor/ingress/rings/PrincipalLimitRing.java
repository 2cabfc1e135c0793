package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitKey;
import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.util.List;
import java.util.function.Supplier;

/**
 * The principal ring: after authentication, the limits declared on the route ({@link Limits}), all or nothing (a
 * refusal by one consumes nothing from the others). By default a hold takes one token per seat from the buyer's
 * bucket and one from the event organizer's aggregate; the hold is read and validated first by its route
 * ({@link LimitSubjects}), so the charge is what it asks for. A checkout, validated first too, takes one token
 * from the buyer's checkout bucket, a scan one from the API key's bucket. A
 * refused request is answered 429 here and never reaches the resource, so it is never published; a hold of more
 * seats than the buyer's bucket can ever hold is answered 422, since no wait would help.
 */
public final class PrincipalLimitRing implements DynamicFeature {

    private final Decisions decisions;
    private final Supplier<Limits> limits;
    private final LimitSubjects holds;
    private final LimitSubjects checkouts;

    /**
     * @param limits    the limits now ({@link io.stagedoor.admission.limit.LiveLimits}), read once per request
     * @param holds     what a hold is charged as, once its body is read and valid
     * @param checkouts what a checkout is charged as, once its body is valid
     */
    public PrincipalLimitRing(Limiter limiter, Supplier<Limits> limits, LimitSubjects holds, LimitSubjects checkouts,
                              Decisions.Recorder recorder, RateLimitHeaders fields) {
        this.decisions = new Decisions(limiter, recorder, fields);
        this.limits = limits;
        this.holds = holds;
        this.checkouts = checkouts;
    }

    /** The 422 of a request that costs more than the limit refusing it can ever hold: no wait would help. */
    public static ProblemException impossible(List<LimitCheck> checks, Decision decision) {
        LimitCheck refusing = checks.stream().filter(check -> check.policy().equals(decision.refusedBy()))
                .findFirst().orElseThrow();
        return ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.neverWithinLimit(
                refusing.cost(), refusing.policy().name(), refusing.policy().capacity()));
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
            if (request.getProperty(Decisions.PROPERTY) instanceof Decision) {
                return; // decided in the front stage, before Jersey
            }
            Caller caller = (Caller) request.getSecurityContext().getUserPrincipal();
            List<LimitCheck> checks = checks(caller, request);
            if (checks.isEmpty()) {
                return; // no limit declared on this route
            }
            Decision decision = decisions.decide(checks, route);
            if (decision.impossible()) {
                throw impossible(checks, decision);
            }
            decisions.answer(request, decision);
        }

        private List<LimitCheck> checks(Caller caller, ContainerRequestContext request) {
            return switch (route) {
                case SCANS -> limits.get().checks(route, LimitSubject.of(LimitKey.API_KEY, caller.id()));
                case CHECKOUT -> limits.get().checks(route, checkouts.subject(caller, request));
                case HOLDS -> limits.get().checks(route, holds.subject(caller, request));
                case LOGIN -> throw new IllegalStateException(IngressMessages.addressRingDecidesLogins());
            };
        }
    }
}
