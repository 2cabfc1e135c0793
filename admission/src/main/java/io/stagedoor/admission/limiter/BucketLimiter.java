package io.stagedoor.admission.limiter;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.fallback.ProcessOverloaded;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.admission.refusal.RefusalCache;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;

/**
 * The {@link Limiter}: refusal cache, then one take from the primary store for the enforced limits (and one,
 * in parallel, for the shadow limits, so a shadow refusal can never block the real decision); on failure,
 * {@link Fallback}, except when the store says this process was too overloaded to hear Redis in time
 * ({@link ProcessOverloaded}): then the request is shed, counted as such, and no fallback decides it.
 */
final class BucketLimiter implements Limiter {

    private final BucketStore primary;
    private final DecisionSource primarySource;
    private final RefusalCache refusals;
    private final AdmissionMetrics metrics;
    private final LongSupplier clock;
    private final BucketVerdicts verdicts;
    private final Runnable onClose;
    private final Fallback fallback;

    BucketLimiter(BucketStore primary, DecisionSource primarySource, BucketStore local, RefusalCache refusals,
                  AdmissionMetrics metrics, LongSupplier clock, String namespace, Runnable onClose) {
        this.primary = primary;
        this.primarySource = primarySource;
        this.refusals = refusals;
        this.metrics = metrics;
        this.clock = clock;
        this.verdicts = new BucketVerdicts(refusals, metrics, namespace);
        this.onClose = onClose;
        this.fallback = new Fallback(local, metrics, verdicts);
    }

    @Override
    public CompletionStage<Decision> decide(List<LimitCheck> checks) {
        validate(checks);
        long now = clock.getAsLong();
        return decideAt(checks, now).thenApply(decision -> decision.at(now));
    }

    private CompletionStage<Decision> decideAt(List<LimitCheck> checks, long now) {
        List<LimitCheck> enforced = new ArrayList<>(checks.size());
        List<LimitCheck> shadow = new ArrayList<>(0);
        for (LimitCheck check : checks) {
            if (check.cost() > check.policy().capacity()) {
                metrics.decision(check.policy().name(), BucketVerdicts.IMPOSSIBLE, DecisionSource.BAD_INPUT.tag());
                return CompletableFuture.completedFuture(Decision.impossible(check.policy()));
            }
            (check.policy().shadow() ? shadow : enforced).add(check);
        }
        if (enforced.isEmpty()) {
            return observe(shadow, now).thenApply(outcome -> shadowOnly(shadow, outcome));
        }
        Decision cached = cachedRefusal(enforced, now);
        if (cached != null) {
            return CompletableFuture.completedFuture(cached);
        }
        List<BucketRequest> requests = verdicts.requests(enforced);
        CompletionStage<Decision> decision = primary.take(requests, now)
                .handle((outcome, error) -> error == null
                        ? CompletableFuture.completedFuture(fromStore(enforced, requests, outcome, now))
                        : overloaded(error) ? CompletableFuture.completedFuture(shed(enforced))
                        : fallback.decide(enforced, now))
                .thenCompose(stage -> stage);
        return shadow.isEmpty() ? decision : decision.thenCombine(observe(shadow, now), (real, ignored) -> real);
    }

    @Override
    public CompletionStage<Void> giveBack(Decision decision) {
        TakenTokens taken = decision.taken();
        if (taken == null || !taken.claim()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletionStage<Void> refund;
        try {
            refund = taken.store().refund(taken.requests());
        } catch (RuntimeException e) {
            refund = CompletableFuture.failedFuture(e);
        }
        return refund.handle((done, error) -> {
            for (LimitCheck check : taken.checks()) {
                metrics.givenBack(check.policy().name(), check.cost(), error == null);
            }
            return null;
        });
    }

    @Override
    public void close() {
        onClose.run();
    }

    /**
     * The decision a store outcome means, counting each limit and remembering refusals; an admission carries what
     * it took, for {@link #giveBack}.
     */
    private Decision fromStore(List<LimitCheck> checks, List<BucketRequest> requests, BucketOutcome outcome,
                               long now) {
        Decision decision = verdicts.fromOutcome(checks, outcome, now, primarySource, true);
        return outcome.admitted() ? decision.taking(new TakenTokens(primary, checks, requests)) : decision;
    }

    /** Sheds a request nobody decided because this process was overloaded: never a fallback, never admitted. */
    private Decision shed(List<LimitCheck> checks) {
        for (LimitCheck check : checks) {
            metrics.shed(check.policy().name());
            metrics.decision(check.policy().name(), BucketVerdicts.SHED, DecisionSource.OVERLOADED.tag());
        }
        return Decision.shed(checks.get(0).policy());
    }

    private static boolean overloaded(Throwable error) {
        return error instanceof ProcessOverloaded || error.getCause() instanceof ProcessOverloaded;
    }

    private Decision cachedRefusal(List<LimitCheck> checks, long now) {
        for (LimitCheck check : checks) {
            long wait = refusals.waitMillis(verdicts.key(check), check.cost(), now);
            if (wait > 0) {
                metrics.refusalCacheHit(check.policy().name());
                metrics.decision(check.policy().name(), BucketVerdicts.REFUSED, DecisionSource.REFUSAL_CACHE.tag());
                return Decision.refused(check.policy(), 0, Decision.retryAfterSeconds(wait),
                        DecisionSource.REFUSAL_CACHE);
            }
        }
        return null;
    }

    /** Decides the shadow limits and counts would-be refusals; completes with null when Redis is unavailable. */
    private CompletionStage<BucketOutcome> observe(List<LimitCheck> shadow, long now) {
        if (shadow.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return primary.take(verdicts.requests(shadow), now).handle((outcome, error) -> {
            for (int i = 0; i < shadow.size(); i++) {
                String limit = shadow.get(i).policy().name();
                if (error != null && overloaded(error)) {
                    metrics.shed(limit);
                } else if (error != null) {
                    metrics.fallback(limit, BucketVerdicts.UNAVAILABLE);
                } else {
                    metrics.decision(limit, outcome.keys().get(i).sufficient() ? BucketVerdicts.ADMITTED : BucketVerdicts.WOULD_REFUSE,
                            DecisionSource.SHADOW.tag());
                }
            }
            return error == null ? outcome : null;
        });
    }

    private static Decision shadowOnly(List<LimitCheck> shadow, BucketOutcome outcome) {
        int tightest = 0;
        long remaining = Long.MAX_VALUE;
        for (int i = 0; i < shadow.size(); i++) {
            long left = outcome == null ? shadow.get(i).policy().capacity() - shadow.get(i).cost()
                    : outcome.keys().get(i).remaining();
            if (left < remaining) {
                remaining = left;
                tightest = i;
            }
        }
        return Decision.admitted(shadow.get(tightest).policy(), remaining, DecisionSource.SHADOW);
    }

    private static void validate(List<LimitCheck> checks) {
        if (checks.isEmpty()) {
            throw new IllegalArgumentException(AdmissionMessages.noChecks());
        }
        for (int i = 0; i < checks.size(); i++) {
            for (int j = i + 1; j < checks.size(); j++) {
                LimitCheck a = checks.get(i);
                LimitCheck b = checks.get(j);
                // One script call reading and writing one key twice would charge it once.
                if (a.policy().name().equals(b.policy().name()) && a.subject().equals(b.subject())) {
                    throw new IllegalArgumentException(AdmissionMessages.duplicateCheck(a.policy().name(), a.subject()));
                }
            }
        }
    }
}
