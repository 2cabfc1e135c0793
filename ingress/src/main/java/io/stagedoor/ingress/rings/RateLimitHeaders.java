package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limit.LimitPolicy;
import jakarta.ws.rs.core.MultivaluedMap;

/**
 * The rate-limit fields of an answer, for the tightest limit that applied: {@code RateLimit-Policy} and
 * {@code RateLimit} as structured fields of draft-ietf-httpapi-ratelimit-headers-10, and
 * {@code X-RateLimit-Remaining} for older clients. For a token bucket the quota {@code q} is its burst, the
 * window {@code w} the seconds it takes to fill from empty, and {@code t} the seconds until it is full again.
 *
 * <p>Only a count a bucket measured is sent ({@link Decision#counted()}): a fail-open admission and a shed request
 * get no fields, since nobody counted them; a local bucket standing in for Redis sends its own count, which is
 * true of this instance.
 */
public final class RateLimitHeaders {

    public static final String POLICY = "RateLimit-Policy";
    public static final String LIMIT = "RateLimit";
    public static final String REMAINING = "X-RateLimit-Remaining";

    private RateLimitHeaders() {
    }

    /** Adds the three fields for {@code decision}'s tightest limit; nothing when no limit applied or nothing counted. */
    public static void add(Decision decision, MultivaluedMap<String, Object> headers) {
        LimitPolicy policy = decision.admitted() ? decision.tightest() : decision.refusedBy();
        if (policy == null || !decision.counted()) {
            return;
        }
        long remaining = Math.max(0, decision.remaining());
        headers.putSingle(POLICY, policy(policy));
        headers.putSingle(LIMIT, "\"" + policy.name() + "\";r=" + remaining + ";t=" + secondsToFull(policy, remaining));
        headers.putSingle(REMAINING, remaining);
    }

    static String policy(LimitPolicy policy) {
        return "\"" + policy.name() + "\";q=" + policy.capacity() + ";w=" + secondsToFull(policy, 0);
    }

    /** Whole seconds until a bucket holding {@code remaining} tokens is full again. */
    static long secondsToFull(LimitPolicy policy, long remaining) {
        long missing = Math.max(0, policy.capacity() - remaining);
        long millis = Math.ceilDiv(missing * policy.refillPeriodMillis(), policy.refillTokens());
        return Math.ceilDiv(millis, 1000);
    }
}
