package io.stagedoor.ingress.http;

import java.util.Map;

/**
 * Thrown at the edge, never on a decision path, to answer a request with a problem. Carries extra response
 * headers (Retry-After, WWW-Authenticate, RateLimit fields).
 */
public final class ProblemException extends RuntimeException {

    private final transient Problem problem;
    private final transient Map<String, String> headers;

    public ProblemException(Problem problem) {
        this(problem, Map.of());
    }

    public ProblemException(Problem problem, Map<String, String> headers) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
        this.headers = Map.copyOf(headers);
    }

    public static ProblemException of(ProblemType type, String detail) {
        return new ProblemException(Problem.of(type, detail));
    }

    public Problem problem() {
        return problem;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
