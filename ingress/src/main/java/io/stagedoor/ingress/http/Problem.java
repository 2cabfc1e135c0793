package io.stagedoor.ingress.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.net.URI;

/**
 * An RFC 9457 problem body. {@code policy} and {@code retryAfter} are extension members present on refusals.
 *
 * @param type       what kind of problem, as a URI clients can branch on
 * @param title      a short summary of the type
 * @param status     the HTTP status
 * @param detail     what exactly was wrong with this request
 * @param instance   the request path
 * @param policy     the limit that refused, when a limit did
 * @param retryAfter seconds to wait before retrying, when retrying can help
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(URI type, String title, int status, String detail, String instance, String policy,
                      Long retryAfter) {

    /** The media type of every problem body. */
    public static final String MEDIA_TYPE = "application/problem+json";

    public static Problem of(ProblemType type, String detail) {
        return new Problem(type.uri(), type.title(), type.status(), detail, null, null, null);
    }

    public Problem at(String path) {
        return new Problem(type, title, status, detail, path, policy, retryAfter);
    }

    public Problem withPolicy(String limit) {
        return new Problem(type, title, status, detail, instance, limit, retryAfter);
    }

    public Problem withRetryAfter(long seconds) {
        return new Problem(type, title, status, detail, instance, policy, seconds);
    }
}
