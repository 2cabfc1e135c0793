package io.stagedoor.ingress.front;

import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.checkout.FullBound;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;
import org.glassfish.grizzly.http.server.Request;

/**
 * The checkout route ahead of Jersey, while the checkout bound is full: authentication and the buyer's share of the
 * door, then the bound's look ({@link FullBound}), in the order of Jersey's rings. A checkout of a live hold is shed
 * here ({@code 503}, {@code Retry-After: 2}) with the problem Jersey's look gives, on the thread that parsed it: no
 * body read, no Redis call, no token, no thread. Any other checkout, and every checkout while a permit is free, goes
 * on to Jersey, whose rings and resource decide and accept it: a bound of 20 outstanding checkouts per instance is
 * where the cost of a checkout lies, not in its thread (decision 0030).
 */
public final class CheckoutsAhead implements RouteAhead {

    private static final Pattern PATH = Pattern.compile("/v1/holds/" + JsonPostRoute.SEGMENT + "/checkout");

    private final JsonPostRoute route;
    private final BuyerEntry buyers;
    private final FullBound look;

    /**
     * @param adminPort  the admin listener's port: checkouts are served on the public one alone
     * @param principals the principals' shares of the door, the bound Jersey's share ring counts in too
     */
    public CheckoutsAhead(IntSupplier adminPort, BuyerTokens tokens, KeyedConcurrencyBound principals, FullBound look,
                          IngressMetrics metrics) {
        this.route = new JsonPostRoute(PATH, adminPort, 0);
        this.buyers = new BuyerEntry(tokens, principals, metrics);
        this.look = look;
    }

    @Override
    public CompletionStage<Optional<FrontReply>> ahead(Request request) {
        if (!look.full()) {
            return null;
        }
        Optional<String> holdId = route.pathId(request);
        if (holdId.isEmpty()) {
            return null;
        }
        BuyerEntry.Entry entry = buyers.enter(request, "checkout");
        if (entry.refused() != null) {
            return answered(entry.refused());
        }
        Optional<ProblemException> shed = look.shed(holdId.get());
        if (shed.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        // raised at the path, as Jersey's look raises it
        return answered(new ProblemException(shed.get().problem().at(request.getRequestURI()), shed.get().headers()));
    }

    private static CompletionStage<Optional<FrontReply>> answered(ProblemException answer) {
        return CompletableFuture.completedFuture(Optional.of(FrontReply.refused(answer)));
    }
}
