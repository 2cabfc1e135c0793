package io.stagedoor.admission.limiter;

import java.util.Locale;

/**
 * Who took a {@link Decision}. Every value but {@link #REDIS} and {@link #IN_PROCESS} is worth watching.
 */
public enum DecisionSource {
    /** The Redis bucket script: the normal path of a multi-instance deployment. */
    REDIS,
    /** The in-process bucket store of a single-instance deployment. */
    IN_PROCESS,
    /** A refusal this instance remembered, answered without a round trip. */
    REFUSAL_CACHE,
    /** Redis was unavailable and the limit fails open: admitted and counted. */
    FALLBACK_OPEN,
    /** Redis was unavailable and the limit was decided by an in-process bucket. */
    FALLBACK_LOCAL,
    /**
     * This process was overloaded and could not hear Redis in time while Redis answered: the request is shed, not
     * decided by a fallback.
     */
    OVERLOADED,
    /** Only shadow limits applied: they decide and count but never refuse. */
    SHADOW,
    /** The request can never be admitted (cost above capacity); not a refusal, bad input. */
    BAD_INPUT;

    /** Made once: every decision is counted under its source's tag. */
    private final String tag = name().toLowerCase(Locale.ROOT);

    /**
     * Whether a decision from here reports a count a bucket measured, which the ingress may send as RateLimit
     * fields. Redis and the in-process store measured theirs; so did a local bucket standing in for Redis
     * ({@link #FALLBACK_LOCAL}): it is this instance's own bucket and it is enforced, so its count is true of the
     * next request through this instance, though not of the others. A shadow decision reports what the store
     * counted for its shadow limit. A fail-open admission, a shed request, bad input and a refusal answered from
     * the refusal cache measured nothing now (the cache knows the bucket was short of a cost, not what it holds).
     */
    public boolean counted() {
        return this != FALLBACK_OPEN && this != OVERLOADED && this != BAD_INPUT && this != REFUSAL_CACHE;
    }

    /** Lowercase, for metric tags. */
    public String tag() {
        return tag;
    }
}
