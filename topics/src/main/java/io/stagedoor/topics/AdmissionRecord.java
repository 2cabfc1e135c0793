package io.stagedoor.topics;

import java.time.Instant;
import java.util.Objects;

/**
 * One admission decision, published for audit on the admissions topic (keyed by limiter key). It carries the
 * policy it applied so the audit can replay the bucket over the recorded decisions without knowing the
 * configuration of the night.
 *
 * @param limit              the limit's name ("buyer-seats", "organizer-holds", "login-address", "door", ...)
 * @param key                whom it keyed on: buyer, organizer or API key id; addresses and emails hashed
 * @param outcome            "admitted", "refused", "shed", "fallback-open", "fallback-local" or "shadow-refused"
 * @param source             what decided: "redis", "refusal-cache", "in-process", "bound"
 * @param cost               tokens the request asked for
 * @param remaining          whole tokens left after the decision
 * @param retryAfterSeconds  the Retry-After given with a refusal, else 0
 * @param capacity           the policy's burst
 * @param refillTokens       tokens added per refill period
 * @param refillPeriodMillis the refill period
 * @param clockMillis        the caller's clock passed to the bucket
 * @param route              the HTTP route ("holds", "login", "scans", "checkout", ...)
 * @param correlationId      the accepted request's id when the request was published, else null
 * @param at                 when the ingress decided
 * @param count              how many identical decisions the record stands for: 1, except for refusals answered
 *                           from the refusal cache, which the ingress writes once per limit, key, route and second
 *                           with their number (the other fields are those of the first of them). A record written
 *                           before counts existed has none and stands for one decision: 0 reads as 1
 */
public record AdmissionRecord(String limit, String key, String outcome, String source, long cost, long remaining,
                              long retryAfterSeconds, long capacity, long refillTokens, long refillPeriodMillis,
                              long clockMillis, String route, String correlationId, Instant at, long count)
        implements Versioned {

    public static final String ADMITTED = "admitted";
    public static final String REFUSED = "refused";
    public static final String SHED = "shed";
    public static final String FALLBACK_OPEN = "fallback-open";
    public static final String FALLBACK_LOCAL = "fallback-local";
    public static final String SHADOW_REFUSED = "shadow-refused";

    public AdmissionRecord {
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(outcome, "outcome");
        if (count < 0) {
            throw new IllegalArgumentException(TopicsMessages.negativeDecisionCount(count));
        }
        count = Math.max(1, count);
    }

    /** One decision. */
    public AdmissionRecord(String limit, String key, String outcome, String source, long cost, long remaining,
                           long retryAfterSeconds, long capacity, long refillTokens, long refillPeriodMillis,
                           long clockMillis, String route, String correlationId, Instant at) {
        this(limit, key, outcome, source, cost, remaining, retryAfterSeconds, capacity, refillTokens,
                refillPeriodMillis, clockMillis, route, correlationId, at, 1);
    }

    /** Whether the request went through this limit. */
    public boolean passed() {
        return ADMITTED.equals(outcome) || FALLBACK_OPEN.equals(outcome) || SHADOW_REFUSED.equals(outcome)
                || (FALLBACK_LOCAL.equals(outcome) && retryAfterSeconds == 0);
    }
}
