package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.ingress.http.IngressMessages;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.Locale;

/**
 * The rate-limit fields of an answer, for the tightest limit that applied: {@code RateLimit-Policy} and
 * {@code RateLimit} as structured fields of draft-ietf-httpapi-ratelimit-headers, and {@code X-RateLimit-Remaining}
 * for older clients. For a token bucket the quota {@code q} is its burst and the window {@code w} the seconds it
 * takes to fill from empty. What {@code t} means is the draft's ({@link Draft}): since draft-10, the seconds until
 * at least one more unit is available (0 for a full bucket); in draft-09, the seconds until the bucket is full
 * again. Since draft-10 a refusal's {@code t} is never later than its own wait, so its {@code Retry-After} never
 * points earlier than {@code t}.
 *
 * <p>Only a count a bucket measured is sent ({@link Decision#counted()}): a fail-open admission and a shed request
 * get no fields, since nobody counted them; a local bucket standing in for Redis sends its own count, which is
 * true of this instance.
 */
public final class RateLimitHeaders {

    public static final String POLICY = "RateLimit-Policy";
    public static final String LIMIT = "RateLimit";
    public static final String REMAINING = "X-RateLimit-Remaining";

    /** The draft whose meaning of {@code t} the fields carry ({@code ingress.ratelimit-fields}). */
    public enum Draft {
        /** {@code t}: the seconds until the quota is full again (draft-09 and before). */
        DRAFT_09,
        /** {@code t}: the seconds until at least one more unit of quota is available (draft-10, the default). */
        DRAFT_10;

        /** {@code draft-09} or {@code draft-10}; anything else is refused with a message naming both. */
        public static Draft parse(String name) {
            for (Draft draft : values()) {
                if (draft.toString().equals(name)) {
                    return draft;
                }
            }
            throw new IllegalArgumentException(IngressMessages.unknownRateLimitDraft(name));
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** The fields of the current draft. */
    public static final RateLimitHeaders CURRENT = new RateLimitHeaders(Draft.DRAFT_10);

    private final Draft draft;

    public RateLimitHeaders(Draft draft) {
        this.draft = draft;
    }

    /** The draft these fields speak. */
    public Draft draft() {
        return draft;
    }

    /** Adds the three fields for {@code decision}'s tightest limit; nothing when no limit applied or nothing counted. */
    public void add(Decision decision, MultivaluedMap<String, Object> headers) {
        LimitPolicy policy = decision.admitted() ? decision.tightest() : decision.refusedBy();
        if (policy == null || !decision.counted()) {
            return;
        }
        long remaining = Math.max(0, decision.remaining());
        headers.putSingle(POLICY, policy(policy));
        headers.putSingle(LIMIT, "\"" + policy.name() + "\";r=" + remaining + ";t=" + reset(decision, policy, remaining));
        headers.putSingle(REMAINING, remaining);
    }

    static String policy(LimitPolicy policy) {
        return "\"" + policy.name() + "\";q=" + policy.capacity() + ";w=" + secondsToFull(policy, 0);
    }

    /** The {@code t} of {@code policy} holding {@code remaining} tokens, in this draft's meaning. */
    private long reset(Decision decision, LimitPolicy policy, long remaining) {
        if (draft == Draft.DRAFT_09) {
            return secondsToFull(policy, remaining);
        }
        if (remaining >= policy.capacity()) {
            return 0;
        }
        long nextUnit = secondsToNextUnit(policy);
        // a refusal knows when its cost is back, one unit or more: the next unit is never later than that
        return decision.admitted() ? nextUnit : Math.min(nextUnit, decision.retryAfterSeconds());
    }

    /** Whole seconds until a bucket holding {@code remaining} tokens is full again. */
    static long secondsToFull(LimitPolicy policy, long remaining) {
        long missing = Math.max(0, policy.capacity() - remaining);
        long millis = Math.ceilDiv(missing * policy.refillPeriodMillis(), policy.refillTokens());
        return Math.ceilDiv(millis, 1000);
    }

    /**
     * Whole seconds within which a bucket that is not full gains one more token, at the latest: the bucket refills
     * continuously, and a decision does not carry how far into the next token it is.
     */
    static long secondsToNextUnit(LimitPolicy policy) {
        return Math.ceilDiv(Math.ceilDiv(policy.refillPeriodMillis(), policy.refillTokens()), 1000);
    }
}
