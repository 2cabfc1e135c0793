package io.stagedoor.ingress.http;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * An {@code Accept} header Jersey cannot parse ({@code *}{@code /*;q=abc}) would make Jersey answer a bare 400 of
 * its own, outside every exception mapper. This filter, first of all, answers it with a problem instead.
 */
@PreMatching
@Priority(1)
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
