package io.stagedoor.ingress.http;

import io.stagedoor.admission.fallback.ProcessOverloaded;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns every exception that reaches Jersey into a problem body, so no route ever answers with HTML or a bare 500. */
public final class ProblemMappers {

    private ProblemMappers() {
    }

    /** The exception inside the wrappers of a failed async stage. */
    static Throwable unwrapped(Throwable thrown) {
        Throwable e = thrown;
        while ((e instanceof java.util.concurrent.CompletionException || e instanceof java.util.concurrent.ExecutionException)
                && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    static Problem forStatus(int status, String path) {
        ProblemType type = ProblemType.forStatus(status);
        return new Problem(type.uri(), type.title(), status, IngressMessages.framework(status), path, null, null);
    }

    /** Problems raised on purpose at the edge. */
    public static final class Raised implements ExceptionMapper<ProblemException> {
        @Context
        private UriInfo uri;

        @Override
        public Response toResponse(ProblemException e) {
            return Problems.response(e.problem().at("/" + uri.getPath()), e.headers());
        }
    }

    /** Errors Jersey raises itself: unknown path (404), wrong method (405), wrong media type (415), ... */
    public static final class Framework implements ExceptionMapper<WebApplicationException> {
        @Context
        private UriInfo uri;

        @Override
        public Response toResponse(WebApplicationException e) {
            return Problems.response(forStatus(e.getResponse().getStatus(), "/" + uri.getPath()));
        }
    }

    /**
     * The problem answering {@code thrown} at {@code path}, as the mappers answer it: a raised problem at the path, a
     * framework error by its status, a call shed for this instance's overload as 503, anything else (our bug) as a
     * logged 500. The front stage answers its failures with it too.
     */
    public static ProblemException problemOf(Throwable thrown, String path) {
        Throwable e = unwrapped(thrown);
        if (e instanceof ProblemException problem) {
            return new ProblemException(problem.problem().at(path), problem.headers());
        }
        if (e instanceof WebApplicationException web) {
            return new ProblemException(forStatus(web.getResponse().getStatus(), path));
        }
        if (e instanceof ProcessOverloaded) {
            return new ProblemException(Problems.overloadedProblem());
        }
        Unexpected.LOG.error("unexpected failure on {}", path, e);
        return new ProblemException(Problem.of(ProblemType.INTERNAL, IngressMessages.INTERNAL).at(path));
    }

    /** Anything else is our bug: a 500 problem, logged with its stack trace. */
    public static final class Unexpected implements ExceptionMapper<Throwable> {
        private static final Logger LOG = LoggerFactory.getLogger(Unexpected.class);
        @Context
        private UriInfo uri;

        @Override
        public Response toResponse(Throwable thrown) {
            ProblemException problem = problemOf(thrown, "/" + uri.getPath());
            return Problems.response(problem.problem(), problem.headers());
        }
    }
}
