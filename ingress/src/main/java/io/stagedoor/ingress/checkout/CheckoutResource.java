package io.stagedoor.ingress.checkout;

import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.auth.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.holds.Accepted;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.results.ResultsView;
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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code POST /v1/holds/{holdId}/checkout}: pay for a hold. The principal ring has charged the buyer's checkout
 * limit. Guarded by the checkout bound: a permit is taken without waiting and held until the checkout's result
 * arrives; the one past the bound gets 503 with {@code Retry-After: 2} in about a millisecond, and the checkouts
 * inside are not slowed. A replay of an {@code Idempotency-Key} whose result this instance already has is answered
 * with the first copy's id, takes no permit and publishes nothing (the inventory answers a second copy with silence,
 * so its permit would stay out until the timeout, and its hold may be sold by now); one still outstanding shares the
 * first copy's permit. The key's fingerprint is written only
 * once the hold was found and a permit taken, so a checkout refused here leaves its key free for the retry.
 */
@Path("/v1/holds/{holdId}/checkout")
public final class CheckoutResource {

    /** Seconds a caller refused by the checkout bound is told to wait. */
    public static final int RETRY_AFTER_SECONDS = 2;
    /** How long a checkout waits for this instance to learn a hold another instance already reported. */
    static final java.time.Duration HOLD_CATCH_UP = java.time.Duration.ofSeconds(2);

    private final SeatMap seatMap;
    private final CheckoutPermits permits;
    private final ResultsView results;
    private final Publisher publisher;
    private final TopicNames topics;
    private final IdempotentRequests ids;
    private final JsonBody body;
    private final IngressMetrics metrics;
    private final Clock clock;

    public CheckoutResource(SeatMap seatMap, CheckoutPermits permits, ResultsView results, Publisher publisher,
                            TopicNames topics, IdempotentRequests ids, JsonBody body, IngressMetrics metrics, Clock clock) {
        this.seatMap = seatMap;
        this.permits = permits;
        this.results = results;
        this.publisher = publisher;
        this.topics = topics;
        this.ids = ids;
        this.body = body;
        this.metrics = metrics;
        this.clock = clock;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    @Limited(LimitedRoute.CHECKOUT)
    public CompletionStage<Response> checkout(@PathParam("holdId") String holdId, InputStream json,
                                              @HeaderParam(IdempotentRequests.HEADER) String idempotencyKey,
                                              @Context SecurityContext security) {
        Caller buyer = AuthenticationRing.caller(security);
        CheckoutBody checkout = body.read(json, CheckoutBody.class);
        if (checkout.paymentToken() == null || checkout.paymentToken().isBlank()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.paymentTokenMissing());
        }
        IdempotentRequests.CheckoutContent content = new IdempotentRequests.CheckoutContent("checkout", holdId,
                checkout.paymentToken());
        Optional<String> decided = ids.derivedId(buyer.id(), content.route(), idempotencyKey)
                .filter(id -> results.find(id).isPresent());
        if (decided.isPresent()) {
            // a replay of a checkout already decided: its hold may be sold or released by now, so it is not looked up
            ids.correlationId(buyer.id(), idempotencyKey, content);
            return CompletableFuture.completedFuture(Accepted.pending(decided.get()));
        }
        return seatMap.awaitLiveHold(holdId, HOLD_CATCH_UP).thenCompose(eventId -> eventId
                .map(event -> checkout(buyer, holdId, event, content, idempotencyKey))
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.unknownHold(holdId))));
    }

    private CompletionStage<Response> checkout(Caller buyer, String holdId, String eventId,
                                               IdempotentRequests.CheckoutContent content, String idempotencyKey) {
        Permit permit = permits.tryAcquire().orElseThrow(this::full);
        String correlationId;
        try {
            correlationId = ids.correlationId(buyer.id(), idempotencyKey, content);
        } catch (RuntimeException refused) {
            permit.release();
            throw refused;
        }
        permits.holdUntilResult(correlationId, permit);
        CheckoutRequested request = new CheckoutRequested(correlationId, eventId, holdId, buyer.id(),
                content.paymentToken(), clock.instant());
        return Accepted.whenRecorded(publisher.publish(topics.checkouts(), eventId, correlationId, request),
                correlationId, "checkout", metrics, () -> permits.release(correlationId));
    }

    private ProblemException full() {
        metrics.shed("checkout-bound", "checkout");
        return new ProblemException(Problem.of(ProblemType.SERVICE_OVERLOADED,
                IngressMessages.checkoutsFull(permits.bound().limit())).withRetryAfter(RETRY_AFTER_SECONDS));
    }
}
