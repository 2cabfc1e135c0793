package io.stagedoor.ingress.checkout;

import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.holds.Accepted;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.rings.CheckoutBoundRing;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.ingress.rings.LimitedRoute;
import io.stagedoor.topics.CheckoutRequested;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code POST /v1/holds/{holdId}/checkout}: pay for a hold. The checkout was validated ({@link CheckoutRequests}:
 * payment token, key, a live hold of this buyer) before the principal ring charged the buyer's checkout limit, and
 * the checkout bound ring ({@link CheckoutBoundRing}) took its permit; the permit is held here until the checkout's
 * result arrives. A replay of an {@code Idempotency-Key} whose result this instance already has is answered with the
 * first copy's id, takes no permit and publishes nothing (the inventory answers a second copy with silence, so its
 * permit would stay out until the timeout); one still outstanding shares the first copy's permit. The key's
 * fingerprint is written only once a permit was taken, so a checkout refused by the bound leaves its key free for
 * the retry.
 */
@Path("/v1/holds/{holdId}/checkout")
public final class CheckoutResource {

    private final CheckoutRequests checkouts;
    private final CheckoutPermits permits;
    private final Publisher publisher;
    private final TopicNames topics;
    private final IdempotentRequests ids;
    private final IngressMetrics metrics;
    private final Clock clock;

    public CheckoutResource(CheckoutRequests checkouts, CheckoutPermits permits, Publisher publisher, TopicNames topics,
                            IdempotentRequests ids, IngressMetrics metrics, Clock clock) {
        this.checkouts = checkouts;
        this.permits = permits;
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
    @Limited(LimitedRoute.CHECKOUT)
    public CompletionStage<Response> checkout(@PathParam("holdId") String holdId,
                                              @Context ContainerRequestContext context,
                                              @HeaderParam(IdempotentRequests.HEADER) String idempotencyKey,
                                              @Context SecurityContext security) {
        Caller buyer = AuthenticationRing.caller(security);
        CheckoutRequest checkout = checkouts.of(context);
        if (checkout.replay()) {
            ids.correlationId(buyer.id(), idempotencyKey, checkout.content());
            return CompletableFuture.completedFuture(Accepted.pending(checkout.replayOf()));
        }
        Permit permit = CheckoutBoundRing.claim(context);
        String correlationId;
        try {
            correlationId = ids.correlationId(buyer.id(), idempotencyKey, checkout.content());
        } catch (RuntimeException refused) {
            permit.release();
            throw refused;
        }
        permits.holdUntilResult(correlationId, permit);
        CheckoutRequested request = new CheckoutRequested(correlationId, checkout.eventId(), holdId, buyer.id(),
                checkout.content().paymentToken(), clock.instant());
        return Accepted.whenRecorded(publisher.publish(topics.checkouts(), checkout.eventId(), correlationId, request),
                correlationId, "checkout", metrics, () -> permits.release(correlationId));
    }
}
