package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.ingress.auth.Caller;
import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * What a request on a limited route is charged as, read by the route that owns its body ({@code holds.HoldRequests},
 * {@code checkout.CheckoutRequests}): the principal ring asks before it decides, so the charge is what the request
 * asks for, and a body that is not a valid request of its route is refused before any token is spent.
 */
@FunctionalInterface
public interface LimitSubjects {

    /**
     * The subject the route's limits are checked on for {@code caller}'s {@code request}.
     *
     * @throws io.stagedoor.ingress.http.ProblemException when the body is not a valid request of the route
     */
    LimitSubject subject(Caller caller, ContainerRequestContext request);
}
