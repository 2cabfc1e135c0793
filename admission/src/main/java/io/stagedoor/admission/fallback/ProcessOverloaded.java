package io.stagedoor.admission.fallback;

/**
 * How a guarded bucket call fails when it missed its deadline (or found the waiting line full) while this process
 * was overloaded and Redis kept answering: Redis is not down, this process could not hear it in time. It is no
 * breaker failure and no reason to fall back; the limiter sheds the request instead. Carries no stack trace: it is
 * an expected answer under load, made at the rate of the requests.
 */
public final class ProcessOverloaded extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProcessOverloaded(String message) {
        super(message, null, false, false);
    }
}
