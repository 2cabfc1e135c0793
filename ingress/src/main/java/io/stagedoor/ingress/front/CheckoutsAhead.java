package io.stagedoor.ingress.front;

import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.checkout.FullBound;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.ClientInFlightRing;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;
import org.glassfish.grizzly.http.server.Request;

/**
 * The checkout route ahead of Jersey, in the order of Jersey's rings: the bound's look ({@link FullBound}), then
 * authentication and the buyer's share of the door. A checkout of a live hold that finds the bound full (its permits
 * out, or on their way to be taken) is shed here ({@code 503}, {@code Retry-After: 2}) with the problem Jersey's look
 * gives, on the thread that parsed it: no token checked, no body read, no Redis call, no thread. Any other checkout
 * goes on to Jersey, counted as passing until it reaches the bound's ring (when its body arrived whole; one still
 * arriving is looked at again in Jersey), whose rings and resource decide and accept it: a bound of 20 outstanding checkouts per instance is where the cost of a checkout lies, not in its thread
 * (decision 0030).
 */
public final class CheckoutsAhead implements RouteAhead {

    private static final Pattern PATH = Pattern.compile("/v1/holds/" + JsonPostRoute.SEGMENT + "/checkout");

    private final JsonPostRoute route;
    private final BuyerEntry buyers;
    private final FullBound look;

    /**
     * @param adminPort    the admin listener's port: checkouts are served on the public one alone
     * @param maxBodyBytes the largest body a request may carry
     * @param principals   the principals' shares of the door, the bound Jersey's share ring counts in too
     */
    public CheckoutsAhead(IntSupplier adminPort, int maxBodyBytes, BuyerTokens tokens,
                          KeyedConcurrencyBound principals, FullBound look, IngressMetrics metrics) {
        this.route = new JsonPostRoute(PATH, adminPort, maxBodyBytes);
        this.buyers = new BuyerEntry(tokens, principals, metrics);
        this.look = look;
    }

    @Override
    public CompletionStage<Optional<FrontReply>> ahead(Request request) {
        Optional<String> holdId = route.pathId(request);
        if (holdId.isEmpty()) {
            return null;
        }
        Optional<ProblemException> full = look.shed(holdId.get());
        if (full.isPresent()) {
            return answered(full.get()); // before the token is checked, as in Jersey's rings
        }
        BuyerEntry.Entry entry = buyers.enter(request, "checkout");
        if (entry.refused() != null) {
            return answered(entry.refused());
        }
        if (!route.arrived(request)) {
            return CompletableFuture.completedFuture(Optional.empty()); // Jersey's look, after the body deadline's
        }
        FullBound.Look looked = look.look(holdId.get(), ClientInFlightRing.principalKey(entry.caller()));
        if (looked.shed() != null) {
            return answered(looked.shed()); // the bound filled while the token was checked
        }
        looked.attach(request);
        return CompletableFuture.completedFuture(Optional.empty());
    }

    private static CompletionStage<Optional<FrontReply>> answered(ProblemException answer) {
        return CompletableFuture.completedFuture(Optional.of(FrontReply.refused(answer)));
    }
}
