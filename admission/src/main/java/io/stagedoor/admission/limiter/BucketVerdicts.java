package io.stagedoor.admission.limiter;

import io.stagedoor.admission.bucket.BucketKeys;
import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.KeyOutcome;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import io.stagedoor.admission.refusal.RefusalCache;

import java.util.ArrayList;
import java.util.List;

/**
 * What the limiter and its fallback share: the bucket requests a set of checks makes, the key of each, and the
 * decision a store's outcome means, with every limit counted under its verdict. Neither side calls the other.
 */
final class BucketVerdicts {

    static final String ADMITTED = "admitted";
    static final String REFUSED = "refused";
    /** A limit that had the tokens, in a request another limit refused: nothing was taken from it. */
    static final String NOT_CHARGED = "not_charged";
    static final String WOULD_REFUSE = "would_refuse";
    static final String IMPOSSIBLE = "impossible";
    static final String UNAVAILABLE = "unavailable";
    static final String SHED = "shed";

    private final RefusalCache refusals;
    private final AdmissionMetrics metrics;
    private final String namespace;

    BucketVerdicts(RefusalCache refusals, AdmissionMetrics metrics, String namespace) {
        this.refusals = refusals;
        this.metrics = metrics;
        this.namespace = namespace;
    }

    /** One bucket request per check, in order. */
    List<BucketRequest> requests(List<LimitCheck> checks) {
        List<BucketRequest> requests = new ArrayList<>(checks.size());
        for (LimitCheck check : checks) {
            requests.add(new BucketRequest(key(check), check.policy().capacity(), check.policy().refillTokens(),
                    check.policy().refillPeriodMillis(), check.cost()));
        }
        return requests;
    }

    /** The bucket key of a check: its limit and subject, under the namespace when there is one. */
    String key(LimitCheck check) {
        return namespace.isEmpty() ? BucketKeys.of(check.policy().name(), check.subject())
                : BucketKeys.of(namespace, check.policy().name(), check.subject());
    }

    /**
     * The decision {@code outcome} means for {@code checks}, counting each limit under {@code source}; with
     * {@code remember}, each refused key goes to the refusal cache (only Redis's answers are remembered).
     */
    Decision fromOutcome(List<LimitCheck> checks, BucketOutcome outcome, long now, DecisionSource source,
                         boolean remember) {
        int shaping = 0;
        for (int i = 0; i < checks.size(); i++) {
            KeyOutcome key = outcome.keys().get(i);
            KeyOutcome best = outcome.keys().get(shaping);
            if (outcome.admitted() ? key.remaining() < best.remaining() : key.waitMillis() > best.waitMillis()) {
                shaping = i;
            }
            String verdict = outcome.admitted() ? ADMITTED : key.sufficient() ? NOT_CHARGED : REFUSED;
            metrics.decision(checks.get(i).policy().name(), verdict, source.tag());
            if (remember && !key.sufficient()) {
                LimitPolicy policy = checks.get(i).policy();
                refusals.remember(key(checks.get(i)), checks.get(i).cost(), now, key.waitMillis(),
                        policy.refillTokens(), policy.refillPeriodMillis());
            }
        }
        KeyOutcome key = outcome.keys().get(shaping);
        return outcome.admitted()
                ? Decision.admitted(checks.get(shaping).policy(), key.remaining(), source)
                : Decision.refused(checks.get(shaping).policy(), key.remaining(),
                        Decision.retryAfterSeconds(key.waitMillis()), source);
    }
}
