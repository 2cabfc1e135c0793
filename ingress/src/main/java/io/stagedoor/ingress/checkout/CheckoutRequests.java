package io.stagedoor.ingress.checkout;

import io.stagedoor.admission.limit.LimitKey;
import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.results.DecidedRequests;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.rings.LimitSubjects;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Reads and validates a checkout once per request, before the principal ring charges the buyer's checkout limit, as
 * {@code HoldRequests} does for holds: a malformed body or a bad key is answered with its 4xx and costs no token. A
 * checkout whose key was already accepted with this body is looked up in Redis here ({@link IdempotentRequests#knownId}):
 * if the pipeline decided it ({@link DecidedRequests}: its result is here, or it is older than the results window,
 * 410) it is a replay, takes no permit and publishes nothing, on any instance and at any age, since its hold may be
 * sold or released by now and must not be looked up.
 *
 * <p>A hold this instance has not seen yet (the buyer may have read its result on another instance a moment before
 * this one caught up) is not waited for here: the request is charged its checkout token like any other and the
 * resource waits for the hold without a thread and before it takes a checkout permit. So a checkout of an unknown hold
 * never parks a thread, never holds a checkout permit while it waits, and costs a token.
 */
public final class CheckoutRequests implements LimitSubjects {

    /** How long a checkout waits for this instance to learn a hold another instance already reported. */
    static final Duration HOLD_CATCH_UP = Duration.ofSeconds(2);
    private static final String PROPERTY = CheckoutRequests.class.getName() + ".checkout";

    private final SeatMap seatMap;
    private final DecidedRequests decided;
    private final IdempotentRequests ids;
    private final JsonBody body;

    public CheckoutRequests(SeatMap seatMap, DecidedRequests decided, IdempotentRequests ids, JsonBody body) {
        this.seatMap = seatMap;
        this.decided = decided;
        this.ids = ids;
        this.body = body;
    }

    /**
     * The validated checkout of {@code request}, remembered on it.
     *
     * @throws ProblemException 400 for a malformed body or key, 422 without a payment token or for a key used with
     *                          another body, 410 for a replay older than the results window, 503 when Redis cannot
     *                          tell whether the key was used
     */
    CheckoutRequest of(ContainerRequestContext request) {
        if (request.getProperty(PROPERTY) instanceof CheckoutRequest known) {
            return known;
        }
        String holdId = request.getUriInfo().getPathParameters().getFirst("holdId");
        CheckoutBody checkout = body.read(request.getEntityStream(), CheckoutBody.class);
        if (checkout.paymentToken() == null || checkout.paymentToken().isBlank()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.paymentTokenMissing());
        }
        var content = new IdempotentRequests.CheckoutContent("checkout", holdId, checkout.paymentToken());
        String buyer = AuthenticationRing.caller(request.getSecurityContext()).id();
        Optional<String> replayOf = ids.knownId(buyer, request.getHeaderString(IdempotentRequests.HEADER), content)
                .flatMap(id -> decided.decided(id, buyer));
        CheckoutRequest validated = replayOf.isPresent() ? new CheckoutRequest(content, null, replayOf.get())
                : new CheckoutRequest(content, seatMap.eventOfLiveHold(holdId).orElse(null), null);
        request.setProperty(PROPERTY, validated);
        return validated;
    }

    /**
     * Validates {@code request} for the principal ring, before it charges: a checkout is limited as its buyer. The
     * resource gets the same checkout.
     */
    @Override
    public LimitSubject subject(Caller buyer, ContainerRequestContext request) {
        of(request);
        return LimitSubject.of(LimitKey.BUYER, buyer.id());
    }

    /**
     * Whether {@code request}, validated, takes no permit in the checkout bound ring: a replay of a decided checkout
     * (it never takes one), or a checkout of a hold not seen yet (it takes one once the hold shows up).
     */
    public boolean takesNoPermitYet(ContainerRequestContext request) {
        CheckoutRequest checkout = of(request);
        return checkout.replay() || checkout.awaitingHold();
    }

    /** The event of the live hold once this instance knows it, within the catch-up time; empty if it never does. */
    CompletableFuture<Optional<String>> awaitLiveHold(String holdId) {
        return seatMap.awaitLiveHold(holdId, HOLD_CATCH_UP);
    }

    /** Whether the pipeline already decided {@code correlationId}: its answer, or a 410 problem. */
    Optional<String> decided(String correlationId, String principal) {
        return decided.decided(correlationId, principal);
    }

    /** Whether the result of {@code correlationId} is in this instance's view. */
    boolean resultHere(String correlationId) {
        return decided.resultHere(correlationId);
    }
}
