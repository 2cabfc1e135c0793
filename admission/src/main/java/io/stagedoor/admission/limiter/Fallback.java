package io.stagedoor.admission.limiter;

import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.admission.metrics.AdmissionMetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Decides while Redis is unavailable: limits that fail open admit, limits with a local bucket are decided by
 * this process's buckets (all or nothing among themselves). Every decision here is counted by limit and
 * outcome, so an outage is a number, not a rumour.
 */
final class Fallback {

    private final BucketStore local;
    private final AdmissionMetrics metrics;
    private final BucketVerdicts verdicts;

    Fallback(BucketStore local, AdmissionMetrics metrics, BucketVerdicts verdicts) {
        this.local = local;
        this.metrics = metrics;
        this.verdicts = verdicts;
    }

    CompletionStage<Decision> decide(List<LimitCheck> checks, long now) {
        List<LimitCheck> localChecks = new ArrayList<>();
        List<LimitCheck> openChecks = new ArrayList<>();
        for (LimitCheck check : checks) {
            (check.policy().whenRedisDown() == WhenUnavailable.LOCAL_BUCKET ? localChecks : openChecks).add(check);
        }
        if (localChecks.isEmpty()) {
            return CompletableFuture.completedFuture(failOpen(openChecks, null));
        }
        List<BucketRequest> requests = verdicts.requests(localChecks);
        return local.take(requests, now).thenApply(outcome -> {
            Decision counted = verdicts.fromOutcome(localChecks, outcome, now, DecisionSource.FALLBACK_LOCAL, false);
            // The local buckets are what this admission charged: a give-back returns their tokens, the open ones took none.
            Decision decided = outcome.admitted()
                    ? counted.taking(new TakenTokens(local, localChecks, requests)) : counted;
            for (int i = 0; i < localChecks.size(); i++) {
                metrics.fallback(localChecks.get(i).policy().name(), outcome.admitted() ? BucketVerdicts.ADMITTED
                        : outcome.keys().get(i).sufficient() ? BucketVerdicts.NOT_CHARGED : BucketVerdicts.REFUSED);
            }
            if (!outcome.admitted()) {
                for (LimitCheck check : openChecks) {
                    metrics.fallback(check.policy().name(), BucketVerdicts.NOT_CHARGED);
                    metrics.decision(check.policy().name(), BucketVerdicts.NOT_CHARGED,
                            DecisionSource.FALLBACK_OPEN.tag());
                }
                return decided;
            }
            return openChecks.isEmpty() ? decided : failOpen(openChecks, decided);
        });
    }

    /**
     * Admits the fail-open limits. Their buckets are unknown, so they make no claim on the answer's count: beside a
     * local bucket's decision, that decision (a count this process measured) is the answer; alone, the answer is a
     * fail-open admission that is not {@link Decision#counted()}, carrying the smallest capacity less cost as the
     * most any of them could have left.
     */
    private Decision failOpen(List<LimitCheck> openChecks, Decision localDecision) {
        LimitPolicy tightest = null;
        long bound = Long.MAX_VALUE;
        for (LimitCheck check : openChecks) {
            String limit = check.policy().name();
            metrics.fallback(limit, BucketVerdicts.ADMITTED);
            metrics.decision(limit, BucketVerdicts.ADMITTED, DecisionSource.FALLBACK_OPEN.tag());
            long left = check.policy().capacity() - check.cost();
            if (left < bound) {
                bound = left;
                tightest = check.policy();
            }
        }
        return localDecision != null ? localDecision
                : Decision.admitted(tightest, bound, DecisionSource.FALLBACK_OPEN);
    }
}
