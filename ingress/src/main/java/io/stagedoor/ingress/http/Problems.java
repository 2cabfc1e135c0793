package io.stagedoor.ingress.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** Builds problem responses; the one place that turns a {@link Problem} into HTTP. */
public final class Problems {

    /** Distinct bodies {@link #repeated} keeps rendered. */
    public static final int REPEATED_BODIES = 4_096;

    private static final MediaType PROBLEM_JSON = MediaType.valueOf(Problem.MEDIA_TYPE);
    private static final Cache<Problem, byte[]> RENDERED = Caffeine.newBuilder().maximumSize(REPEATED_BODIES).build();

    private Problems() {
    }

    /** A problem response with its extra headers; a Retry-After member also becomes the Retry-After header. */
    public static Response response(Problem problem, Map<String, String> headers) {
        return response(problem, HttpJson.bytes(problem), headers);
    }

    public static Response response(Problem problem) {
        return response(problem, Map.of());
    }

    /**
     * The answer to a request whose Redis call was shed because this instance was overloaded while Redis answered
     * (waiting room, idempotency keys, scanned tickets): 503 {@code service-overloaded} with {@code Retry-After: 1},
     * as the limiter's own shed is answered. Never an answer from this instance's memory.
     */
    public static Response overloaded() {
        return repeated(overloadedProblem(), Map.of());
    }

    /** The problem of {@link #overloaded}. */
    public static Problem overloadedProblem() {
        return Problem.of(ProblemType.SERVICE_OVERLOADED, IngressMessages.redisUserOverloaded())
                .withRetryAfter(OVERLOADED_RETRY_SECONDS);
    }

    /** Seconds a request shed for this instance's overload is told to wait. */
    public static final int OVERLOADED_RETRY_SECONDS = 1;

    /**
     * The same response, for a problem answered verbatim again and again (a 429 to a client that ignores
     * Retry-After): its body is rendered once and kept, {@link #REPEATED_BODIES} distinct bodies at most.
     */
    public static Response repeated(Problem problem, Map<String, String> headers) {
        return response(problem, rendered(problem), headers);
    }

    /** The body of {@code problem}, rendered once and kept like the bodies of {@link #repeated}. */
    public static byte[] rendered(Problem problem) {
        return RENDERED.get(problem, HttpJson::bytes);
    }

    private static Response response(Problem problem, byte[] body, Map<String, String> headers) {
        Response.ResponseBuilder builder = Response.status(problem.status())
                .type(PROBLEM_JSON)
                .entity(body);
        if (problem.retryAfter() != null) {
            builder.header(HttpHeaders.RETRY_AFTER, problem.retryAfter());
        }
        headers.forEach(builder::header);
        return builder.build();
    }
}
