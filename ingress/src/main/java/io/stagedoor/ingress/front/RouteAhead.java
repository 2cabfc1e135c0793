package io.stagedoor.ingress.front;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.glassfish.grizzly.http.server.Request;

/** The rings of a route that run ahead of Jersey, on the raw request. */
@FunctionalInterface
public interface RouteAhead {

    /** A route the front takes no request of. */
    RouteAhead NONE = request -> null;

    /**
     * Null when the front does not take {@code request}; else a stage that completes with the front's answer to it,
     * or empty for one Jersey is to answer (what was learned attached for Jersey's rings). A stage that fails hands
     * the request to Jersey's rings, which decide it as if the front had not seen it.
     */
    CompletionStage<Optional<FrontReply>> ahead(Request request);

    /** The first of {@code routes} that takes a request. */
    static RouteAhead first(RouteAhead... routes) {
        return request -> {
            for (RouteAhead route : routes) {
                CompletionStage<Optional<FrontReply>> taken = route.ahead(request);
                if (taken != null) {
                    return taken;
                }
            }
            return null;
        };
    }
}
