package io.stagedoor.ingress.holds;

import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.results.DecidedRequests;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.TopicNames;
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
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code POST /v1/events/{eventId}/holds}: a buyer asks for seats. The hold was read and validated before the
 * principal ring charged one token per seat ({@link HoldRequests}); here it is published keyed by event id: 202 once
 * the broker acknowledged, 503 when it did not within the bound. A replay of an {@code Idempotency-Key} the pipeline
 * already decided ({@link DecidedRequests}) is answered with its id (or 410 past the results window) and not
 * published again.
 */
@Path("/v1/events/{eventId}/holds")
public final class HoldsResource {

    private final HoldRequests holds;
    private final Publisher publisher;
    private final TopicNames topics;
    private final IdempotentRequests ids;
    private final DecidedRequests decided;
    private final IngressMetrics metrics;
    private final Clock clock;

    public HoldsResource(HoldRequests holds, Publisher publisher, TopicNames topics, IdempotentRequests ids,
                         DecidedRequests decided, IngressMetrics metrics, Clock clock) {
        this.decided = decided;
        this.holds = holds;
        this.publisher = publisher;
        this.topics = topics;
        this.ids = ids;
        this.metrics = metrics;
        this.clock = clock;
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
        List<String> seats = holds.of(request).seats();
        String correlationId = ids.correlationId(buyer.id(), idempotencyKey,
                new IdempotentRequests.HoldContent("holds", eventId, seats));
        Optional<String> replayOf = decided.decided(correlationId, buyer.id());
        if (replayOf.isPresent()) {
            return CompletableFuture.completedFuture(Accepted.pending(replayOf.get()));
        }
        HoldRequested hold = new HoldRequested(correlationId, eventId, buyer.id(), seats, clock.instant());
        return Accepted.whenRecorded(publisher.publish(topics.holds(), eventId, correlationId, hold), correlationId,
                "holds", metrics, () -> { });
    }
}
