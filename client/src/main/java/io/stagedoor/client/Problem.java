package io.stagedoor.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * An RFC 9457 problem as the service sends it with every error ({@code application/problem+json}).
 *
 * @param type       what kind of problem, a URI such as {@code https://stagedoor.io/problems/rate-limited}
 * @param title      a short summary of the type
 * @param status     the HTTP status
 * @param detail     what exactly was wrong with this request
 * @param instance   the request path, when given
 * @param policy     the limit that refused, on refusals by a limit
 * @param retryAfter seconds to wait before retrying, when retrying can help
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Problem(String type, String title, int status, String detail, String instance, String policy,
                      Long retryAfter) {

    /** The {@code type} of a problem the client made up for a response that carried none (RFC 9457 §4.2.1). */
    public static final String ABOUT_BLANK = "about:blank";

    /** A problem for a response without a problem body: its status, and what it did carry. */
    public static Problem ofStatus(int status, String body) {
        return new Problem(ABOUT_BLANK, null, status, ClientMessages.noProblemBody(status, body), null, null, null);
    }

    /** The last path segment of the type ({@code rate-limited}, {@code waiting-room}, ...), or the whole type. */
    public String slug() {
        if (type == null) {
            return ABOUT_BLANK;
        }
        int slash = type.lastIndexOf('/');
        return slash >= 0 && slash < type.length() - 1 ? type.substring(slash + 1) : type;
    }
}
