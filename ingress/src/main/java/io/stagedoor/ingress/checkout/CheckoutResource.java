package io.stagedoor.ingress.checkout;

import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.holds.Accepted;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.ingress.http.RequestTrace;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.results.DecidedRequests;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.trace.Traces;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * {@code POST /v1/holds/{holdId}/checkout}: pay for a hold. The checkout was validated ({@link CheckoutRequests}:
 * payment token, key) before the principal ring charged the buyer's checkout limit, and the checkout bound ring
 * ({@link CheckoutBoundRing}) took its permit; the permit is held here until the checkout's result arrives.
 *
 * <p>A replay of an {@code Idempotency-Key} the pipeline already decided ({@link DecidedRequests}) is answered with
 * the first copy's id (or 410 past the results window), takes no permit and publishes nothing (the inventory answers
 * a second copy with silence, so its permit would stay out until the timeout); one still outstanding shares the first
 * copy's permit. A checkout of a hold this instance has not seen yet waits for it here, without a thread, and takes
 * its permit only once the hold shows up; one that never does is 404. The key's fingerprint is written only once a
 * permit was taken, so a checkout refused by the bound leaves its key free for the retry.
 */
@Path("/v1/holds/{holdId}/checkout")
public final class CheckoutResource {

    /** Where a checkout continues once its hold showed up: a virtual thread each. */
    private static final Executor CAUGHT_UP = task -> Thread.ofVirtual().name("checkout-caught-up").start(task);

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
            return CompletableFuture.completedFuture(Accepted.pending(checkout.replayOf()));
        }
        if (checkout.awaitingHold()) {
            // the hold shows up on the follower thread (or the wait ends on the JDK's delay thread): the rest (a Redis
            // call, the publish) runs on a virtual thread of its own, never on either
            return checkouts.awaitLiveHold(holdId).thenComposeAsync(event -> {
                if (event.isEmpty()) {
                    return answer(Problem.of(ProblemType.NOT_FOUND, IngressMessages.unknownHold(holdId)));
                }
                Optional<Permit> permit = permits.tryAcquire();
                if (permit.isEmpty()) {
                    return answer(CheckoutBoundRing.full(permits, metrics));
                }
                try {
                    return accept(buyer, holdId, idempotencyKey, checkout, event.get(), permit.get(),
                            RequestTrace.of(context));
                } catch (ProblemException refused) {
                    return CompletableFuture.completedFuture(Problems.response(refused.problem(), refused.headers()));
                }
            }, CAUGHT_UP);
        }
        return accept(buyer, holdId, idempotencyKey, checkout, checkout.eventId(), CheckoutBoundRing.claim(context),
                RequestTrace.of(context));
    }

    /** Publishes the checkout holding {@code permit} until its result, unless its id turns out decided already. */
    private CompletionStage<Response> accept(Caller buyer, String holdId, String idempotencyKey,
                                             CheckoutRequest checkout, String eventId, Permit permit,
                                             io.opentelemetry.context.Context trace) {
        String correlationId;
        try {
            correlationId = ids.correlationId(buyer.id(), idempotencyKey, checkout.content());
            // another instance may have accepted the key (and the pipeline decided it) since the validation looked
            Optional<String> decided = checkouts.decided(correlationId, buyer.id());
            if (decided.isPresent()) {
                permit.release();
                return CompletableFuture.completedFuture(Accepted.pending(decided.get()));
            }
        } catch (RuntimeException refused) {
            permit.release();
            throw refused;
        }
        Traces.correlated(trace, correlationId);
        permits.holdUntilResult(correlationId, permit);
        if (checkouts.resultHere(correlationId)) {
            // the result landed between the look above and holdUntilResult: nobody else would give the permit back
            permits.release(correlationId);
            return CompletableFuture.completedFuture(Accepted.pending(correlationId));
        }
        CheckoutRequested request = new CheckoutRequested(correlationId, eventId, holdId, buyer.id(),
                checkout.content().paymentToken(), clock.instant());
        return Accepted.whenRecorded(publisher.publish(topics.checkouts(), eventId, correlationId, request, trace),
                correlationId, "checkout", metrics, () -> permits.release(correlationId));
    }

    private static CompletionStage<Response> answer(Problem problem) {
        return CompletableFuture.completedFuture(Problems.response(problem));
    }
}
