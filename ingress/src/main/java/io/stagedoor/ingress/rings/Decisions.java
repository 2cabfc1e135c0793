package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MultivaluedHashMap;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What the rate-limit rings share: asking the limiter, recording the decision for audit, and answering a refusal
 * with 429, Retry-After and a problem that names the limit. A shed decision (this instance was too overloaded to
 * hear Redis in time) is answered like the door sheds: 503, {@code Retry-After: 1}, {@code service-overloaded},
 * never admitted unchecked. The limiter's stage completes within its own command
 * timeout; the rings run on virtual threads, so waiting for it parks no platform thread.
 *
 * <p>The wait has a backstop far above that timeout. A decision that arrives after the wait ended is used by nobody:
 * if it admitted, what it took is given back ({@link Limiter#giveBack}, exactly once: the wait and the decision race
 * to complete one future, and only the loser gives back), so a request decided again, or shed, is never charged for
 * the first try (decision 0020). A ring that waited past the backstop sheds the request (503, as the limiter sheds),
 * which costs the buyer nothing; the front stage's wait past it hands the request to Jersey's rings, which decide once.
 */
public final class Decisions {

    /** The request property that carries an admitting decision to the response, for its RateLimit fields. */
    public static final String PROPERTY = Decisions.class.getName() + ".decision";
    /** A backstop far above the limiter's own timeout: past it a ring stops waiting for the decision. */
    public static final Duration BACKSTOP = Duration.ofSeconds(1);

    /** Where decisions go for audit. */
    @FunctionalInterface
    public interface Recorder {
        void record(LimitedRoute route, List<LimitCheck> checks, Decision decision);
    }

    private final Limiter limiter;
    private final Recorder recorder;
    private final long backstopMillis;
    private final RateLimitHeaders fields;

    /** @param fields the RateLimit fields answers carry, in the draft the instance is set to speak */
    public Decisions(Limiter limiter, Recorder recorder, RateLimitHeaders fields) {
        this(limiter, recorder, BACKSTOP, fields);
    }

    /** @param backstop how long a ring waits for the limiter ({@link #BACKSTOP}; tests shorten it), at least 1 ms */
    public Decisions(Limiter limiter, Recorder recorder, Duration backstop, RateLimitHeaders fields) {
        this.limiter = limiter;
        this.recorder = recorder;
        this.backstopMillis = Math.max(1, backstop.toMillis());
        this.fields = fields;
    }

    /**
     * The limiter's decision on {@code checks}; recorded for audit. Past the backstop, a shed of the first check's
     * limit (this process did not hear its own limiter in time), whose late decision is given back.
     */
    public Decision decide(List<LimitCheck> checks, LimitedRoute route) {
        Decision decision = await(checks);
        recorder.record(route, checks, decision);
        return decision;
    }

    /**
     * The same decision without waiting for it: the stage completes on the thread that hears Redis (or at once, from
     * the refusal cache), recorded for audit, and fails past the backstop (a late decision is then given back).
     */
    public CompletionStage<Decision> decideLater(List<LimitCheck> checks, LimitedRoute route) {
        return waited(checks).thenApply(decision -> {
            recorder.record(route, checks, decision);
            return decision;
        });
    }

    /**
     * Gives back what an admitted decision took, for a request its limit should not count after all (a login whose
     * password was right); nothing for any other decision, and nothing the second time.
     */
    public CompletionStage<Void> giveBack(Decision decision) {
        return limiter.giveBack(decision);
    }

    /**
     * The limiter's decision, cut at the backstop. The limiter's stage and the backstop race to complete one future;
     * a decision that loses the race is used by nobody, so what it took is given back, by it alone.
     */
    private CompletableFuture<Decision> waited(List<LimitCheck> checks) {
        CompletableFuture<Decision> waited = new CompletableFuture<>();
        limiter.decide(checks).whenComplete((decision, error) -> {
            if (error != null) {
                waited.completeExceptionally(error);
            } else if (!waited.complete(decision)) {
                limiter.giveBack(decision);
            }
        });
        return waited.orTimeout(backstopMillis, TimeUnit.MILLISECONDS);
    }

    /** Aborts a refused request with 429, a shed one with 503; leaves an admitted one its decision for the fields. */
    public void answer(ContainerRequestContext request, Decision decision) {
        if (decision.admitted()) {
            request.setProperty(PROPERTY, decision);
            return;
        }
        request.abortWith(Problems.repeated(problem(decision), fields(decision)));
    }

    /**
     * The answer to a decision that did not admit: 429 with Retry-After and the refusing limit's RateLimit fields,
     * or 503 for a shed one.
     */
    public ProblemException refusal(Decision decision) {
        return new ProblemException(problem(decision), fields(decision));
    }

    private static Problem problem(Decision decision) {
        if (decision.shed()) {
            return Problem.of(ProblemType.SERVICE_OVERLOADED, IngressMessages.limiterOverloaded())
                    .withRetryAfter(decision.retryAfterSeconds());
        }
        long retryAfter = decision.retryAfterSeconds();
        return new Problem(ProblemType.RATE_LIMITED.uri(), ProblemType.RATE_LIMITED.title(),
                ProblemType.RATE_LIMITED.status(), IngressMessages.rateLimited(decision.refusedBy().name(), retryAfter),
                null, decision.refusedBy().name(), retryAfter);
    }

    /** The RateLimit fields of {@code decision} ({@link RateLimitHeaders}), as Jersey's response filter adds them. */
    public Map<String, String> fields(Decision decision) {
        MultivaluedHashMap<String, Object> added = new MultivaluedHashMap<>();
        fields.add(decision, added);
        Map<String, String> headers = new HashMap<>();
        added.forEach((name, values) -> headers.put(name, String.valueOf(values.get(0))));
        return headers;
    }

    private Decision await(List<LimitCheck> checks) {
        CompletableFuture<Decision> waited = waited(checks);
        try {
            return waited.get();
        } catch (InterruptedException e) {
            waited.cancel(false); // nobody waits now: a decision still to come is given back
            Thread.currentThread().interrupt();
            throw new IllegalStateException(IngressMessages.interruptedWhileDeciding(), e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TimeoutException) {
                // Our own wait ran out: this process is too busy to hear its limiter. Shed, costing nothing.
                return Decision.shed(checks.get(0).policy());
            }
            throw new IllegalStateException(IngressMessages.limiterDidNotDecide(e), e);
        }
    }

    /** Adds the RateLimit fields of an admitting decision to its response. */
    public static final class Fields implements ContainerResponseFilter {
        private final RateLimitHeaders fields;

        public Fields(RateLimitHeaders fields) {
            this.fields = fields;
        }

        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            if (request.getProperty(PROPERTY) instanceof Decision decision) {
                fields.add(decision, response.getHeaders());
            }
        }
    }
}
