package io.stagedoor.ingress.checkout;

import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.results.ResultsView;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.time.Duration;
import java.util.Optional;

/**
 * Reads and validates a checkout once per request, before the principal ring charges the buyer's checkout limit, as
 * {@code HoldRequests} does for holds: a malformed body, a bad key or a hold this buyer has no live copy of is
 * answered with its 4xx and costs no token and no Redis call. A replay of a checkout whose result this instance
 * has is recognised here, since its hold may be sold or released by now and must not be looked up.
 */
public final class CheckoutRequests {

    /** How long a checkout waits for this instance to learn a hold another instance already reported. */
    static final Duration HOLD_CATCH_UP = Duration.ofSeconds(2);
    private static final String PROPERTY = CheckoutRequests.class.getName() + ".checkout";

    private final SeatMap seatMap;
    private final ResultsView results;
    private final IdempotentRequests ids;
    private final JsonBody body;

    public CheckoutRequests(SeatMap seatMap, ResultsView results, IdempotentRequests ids, JsonBody body) {
        this.seatMap = seatMap;
        this.results = results;
        this.ids = ids;
        this.body = body;
    }

    /**
     * The validated checkout of {@code request}, remembered on it.
     *
     * @throws ProblemException 400 for a malformed body or key, 422 without a payment token, 404 for no live hold
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
        Optional<String> decided = ids.derivedId(buyer, content.route(),
                request.getHeaderString(IdempotentRequests.HEADER)).filter(id -> results.find(id).isPresent());
        CheckoutRequest validated = decided.isPresent() ? new CheckoutRequest(content, null, decided.get())
                : new CheckoutRequest(content, liveHoldEvent(holdId), null);
        request.setProperty(PROPERTY, validated);
        return validated;
    }

    /** Validates {@code request} (for the principal ring, before it charges); the resource gets the same checkout. */
    public void validate(ContainerRequestContext request) {
        of(request);
    }

    /** Whether {@code request}, validated, replays a checkout whose result this instance has (it takes no permit). */
    public boolean replay(ContainerRequestContext request) {
        return of(request).replay();
    }

    /** The event of the live hold, waiting briefly for one another instance reported; the request thread parks. */
    private String liveHoldEvent(String holdId) {
        return seatMap.awaitLiveHold(holdId, HOLD_CATCH_UP).join()
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.unknownHold(holdId)));
    }
}
