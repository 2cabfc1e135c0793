package io.stagedoor.ingress.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.glassfish.grizzly.http.server.ErrorPageGenerator;
import org.glassfish.grizzly.http.server.Request;

/**
 * Errors Grizzly answers itself, before a request reaches Jersey (a path it cannot decode, a request line it cannot
 * parse): a problem body instead of Grizzly's HTML page, so no answer of this service is ever anything else.
 */
public final class ProblemErrorPages implements ErrorPageGenerator {

    @Override
    public String generate(Request request, int status, String reason, String description, Throwable exception) {
        // Grizzly sets text/html only when no content type is set yet
        request.getResponse().setContentType(Problem.MEDIA_TYPE);
        if (status == 500 && undecodable(exception)) {
            // a malformed percent-encoding in the path is the client's mistake, not ours
            status = 400;
            request.getResponse().setStatus(400, "Bad Request");
        }
        ProblemType type = ProblemType.forStatus(status);
        Problem problem = new Problem(type.uri(), type.title(), status, IngressMessages.unparseable(status, reason),
                null, null, null);
        try {
            return HttpJson.mapper().writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            return "{\"status\":" + status + "}";
        }
    }

    private static boolean undecodable(Throwable exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.io.CharConversionException || cause instanceof IllegalArgumentException) {
                return true;
            }
        }
        return false;
    }
}
