package io.stagedoor.ingress.http;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** Builds problem responses; the one place that turns a {@link Problem} into HTTP. */
public final class Problems {

    private Problems() {
    }

    /** A problem response with its extra headers; a Retry-After member also becomes the Retry-After header. */
    public static Response response(Problem problem, Map<String, String> headers) {
        Response.ResponseBuilder builder = Response.status(problem.status())
                .type(Problem.MEDIA_TYPE)
                .entity(HttpJson.bytes(problem));
        if (problem.retryAfter() != null) {
            builder.header(HttpHeaders.RETRY_AFTER, problem.retryAfter());
        }
        headers.forEach(builder::header);
        return builder.build();
    }

    public static Response response(Problem problem) {
        return response(problem, Map.of());
    }

}
