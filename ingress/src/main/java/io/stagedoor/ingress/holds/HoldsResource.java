package io.stagedoor.ingress.holds;

import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.http.RequestTrace;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.admission.limit.LimitedRoute;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.concurrent.CompletionStage;

/**
 * {@code POST /v1/events/{eventId}/holds}: a buyer asks for seats. The hold was read and validated before the
 * principal ring charged one token per seat ({@link HoldRequests}); here it is accepted ({@link HoldAcceptance}): 202
 * once the broker acknowledged, 503 when it did not within the bound, the first id for a replay the pipeline decided.
 * The front stage takes most holds before Jersey and accepts them the same way; this resource answers the rest.
 */
@Path("/v1/events/{eventId}/holds")
public final class HoldsResource {

    private final HoldRequests holds;
    private final HoldAcceptance acceptance;

    public HoldsResource(HoldRequests holds, HoldAcceptance acceptance) {
        this.holds = holds;
        this.acceptance = acceptance;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    @Limited(LimitedRoute.HOLDS)
    public CompletionStage<Response> hold(@PathParam("eventId") String eventId, @Context ContainerRequestContext request,
                                          @HeaderParam(IdempotentRequests.HEADER) String idempotencyKey,
                                          @Context SecurityContext security) {
        Caller buyer = AuthenticationRing.caller(security);
        return acceptance.accept(buyer.id(), eventId, holds.of(request).seats(), idempotencyKey,
                        RequestTrace.of(request))
                .thenApply(Accepted.Outcome::response);
    }
}
