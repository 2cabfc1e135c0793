package io.stagedoor.ingress.rings;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * An {@code Accept} header Jersey cannot parse ({@code *}{@code /*;q=abc}) would make Jersey answer a bare 400 of
 * its own, outside every exception mapper. This ring runs first of all, before the door, and answers it with a
 * problem instead.
 */
@PreMatching
@Priority(RingOrder.ACCEPT_HEADER)
public final class AcceptHeaderCheck implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        try {
            request.getAcceptableMediaTypes();
        } catch (RuntimeException unparseable) {
            String given = request.getHeaderString(HttpHeaders.ACCEPT);
            // negotiate the problem itself as if the client accepted anything
            request.getHeaders().putSingle(HttpHeaders.ACCEPT, MediaType.WILDCARD);
            request.abortWith(Problems.response(Problem.of(ProblemType.BAD_REQUEST,
                    IngressMessages.badAcceptHeader(given))));
        }
    }
}
