package io.stagedoor.ingress.front;

import io.stagedoor.ingress.http.ProblemException;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.glassfish.grizzly.http.server.Request;

/** The rings of a route that run ahead of Jersey, on the raw request. */
@FunctionalInterface
public interface RouteAhead {

    /** A route the front takes no request of. */
    RouteAhead NONE = request -> null;

    /**
     * Null when the front does not take {@code request}; else a stage that completes with the answer of a refused
     * request, or empty for an admitted one (what was learned attached for Jersey).
     */
    CompletionStage<Optional<ProblemException>> ahead(Request request);
}
