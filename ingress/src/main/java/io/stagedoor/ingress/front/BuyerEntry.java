package io.stagedoor.ingress.front;

import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.rings.ClientInFlightRing;
import java.util.List;
import java.util.Optional;
import org.glassfish.grizzly.http.server.Request;

/**
 * The first two rings of a buyer's route, ahead of Jersey: the bearer token proven, then the buyer's share of the
 * door taken until Grizzly finishes the request. Both are attached to the request, so Jersey's rings, should the
 * request go on to them, do not repeat them.
 */
final class BuyerEntry {

    private static final List<Role> BUYERS = List.of(Role.BUYER);

    private final BuyerTokens tokens;
    private final KeyedConcurrencyBound principals;
    private final IngressMetrics metrics;

    /** @param principals the principals' shares of the door, the bound Jersey's share ring counts in too */
    BuyerEntry(BuyerTokens tokens, KeyedConcurrencyBound principals, IngressMetrics metrics) {
        this.tokens = tokens;
        this.principals = principals;
        this.metrics = metrics;
    }

    /** The buyer let in, or the refusal Jersey's rings give: 401 without a valid token, 429 past the share. */
    Entry enter(Request request, String route) {
        String authorization = request.getHeader("Authorization");
        Optional<Caller> caller = AuthenticationRing.buyer(tokens, authorization);
        if (caller.isEmpty()) {
            ProblemException refused = AuthenticationRing.unauthenticated(BUYERS, authorization != null);
            return Entry.refused(new ProblemException(refused.problem().at(request.getRequestURI()), refused.headers()));
        }
        Optional<Permit> share = principals.tryAcquire(ClientInFlightRing.principalKey(caller.get()));
        if (share.isEmpty()) {
            metrics.shed(principals.name(), route);
            return Entry.refused(ClientInFlightRing.principalRefusal(principals));
        }
        Permit held = share.get();
        request.setAttribute(ClientInFlightRing.PERMIT, held);
        request.addAfterServiceListener(done -> held.release());
        request.setAttribute(AuthenticationRing.PROVEN, caller.get());
        return new Entry(caller.get(), null);
    }

    /** A buyer let in ({@code caller}), or the answer to one refused ({@code refused}). */
    record Entry(Caller caller, ProblemException refused) {
        static Entry refused(ProblemException refused) {
            return new Entry(null, refused);
        }
    }
}
