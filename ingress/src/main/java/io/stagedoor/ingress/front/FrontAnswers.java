package io.stagedoor.ingress.front;

import io.stagedoor.ingress.holds.Accepted;
import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.Problems;
import java.io.IOException;
import java.util.Map;
import org.glassfish.grizzly.http.server.Response;

/**
 * Writes an answer straight to a Grizzly response. A problem, as Jersey's rings answer it: the status, {@code
 * application/problem+json}, Retry-After from the problem, the extra headers, and the body: a refusal's rendered once
 * and kept ({@link Problems#rendered}), so one repeated to a client that ignores Retry-After costs no rendering.
 */
final class FrontAnswers {

    private FrontAnswers() {
    }

    static void write(Response response, ProblemException answer) throws IOException {
        Problem problem = answer.problem();
        // a problem at a path (404, 4xx) carries what the client wrote: rendered each time, so no caller can
        // churn the bounded cache the repeated refusals are kept in
        byte[] body = problem.instance() == null ? Problems.rendered(problem) : HttpJson.bytes(problem);
        response.setStatus(problem.status());
        response.setContentType(Problem.MEDIA_TYPE);
        if (problem.retryAfter() != null) {
            response.setHeader("Retry-After", String.valueOf(problem.retryAfter()));
        }
        answer.headers().forEach(response::setHeader);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** The 202 of {@link Accepted#pending}, with {@code fields} (an admitting decision's RateLimit fields). */
    static void writePending(Response response, String correlationId, Map<String, String> fields) throws IOException {
        byte[] body = Accepted.pendingBody(correlationId);
        response.setStatus(202);
        response.setContentType("application/json");
        response.setHeader("Location", Accepted.location(correlationId));
        response.setHeader("Retry-After", String.valueOf(Accepted.POLL_HINT_SECONDS));
        fields.forEach(response::setHeader);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
