package io.stagedoor.admission.metrics;

/**
 * Every metric the admission module publishes: the one place its names are written.
 */
public enum AdmissionMeter {
    /** Counter, tags {@code limit}, {@code outcome}, {@code source}: one per limit per decision. */
    DECISIONS("stagedoor.admission.decisions", "admission decisions by limit, outcome and source"),
    /** Timer, tag {@code result} (ok, error): one bucket-store round trip to Redis. */
    REDIS_LATENCY("stagedoor.admission.redis.latency", "latency of one bucket script call to Redis"),
    /** Counter, tag {@code limit}: refusals answered from memory, without a Redis call. */
    REFUSAL_CACHE_HITS("stagedoor.admission.refusal.cache.hits", "refusals answered from the refusal cache"),
    /** Counter, tags {@code limit}, {@code outcome}: decisions taken by a fallback while Redis was unavailable. */
    FALLBACK_DECISIONS("stagedoor.admission.fallback.decisions", "decisions taken while Redis was unavailable"),
    /**
     * Counter, tag {@code limit}: decisions shed because this process, overloaded, could not hear Redis in time
     * while Redis answered. Not fallbacks: {@link #FALLBACK_DECISIONS} stays a count of Redis outages.
     */
    SHED_DECISIONS("stagedoor.admission.shed.decisions",
            "decisions shed because this process was too overloaded to hear Redis in time"),
    /**
     * Counter, tag {@code result} (given, failed): tokens given back, summed over buckets, that a take had taken in
     * Redis while its answer went unused (cut at the deadline, then shed or decided by a fallback). A failed refund
     * is counted here, never retried.
     */
    REFUNDED_TOKENS("stagedoor.admission.refunded.tokens",
            "tokens given back after a take whose answer was not used"),
    /**
     * Counter, tags {@code limit}, {@code result} (given, failed): tokens an admitted decision had taken that its
     * caller gave back ({@code Limiter.giveBack}): a decision that arrived after the ingress stopped waiting for it, a
     * login whose password was right. A failed give-back is counted here, never retried.
     */
    GIVEN_BACK_TOKENS("stagedoor.admission.given.back.tokens",
            "tokens of admitted decisions given back by their caller, by limit"),
    /** Gauge: takes whose answer went unused and are not settled yet: their reply, or their refund, is still due. */
    REFUNDS_AWAITED("stagedoor.admission.refunds.awaited",
            "unused takes whose reply or refund is still due"),
    /**
     * Counter, tags {@code user}, {@code outcome} (shed, outage): calls of the other Redis users (waiting room,
     * idempotency keys, scanned tickets) that failed: shed because this process was overloaded while Redis answered,
     * or answered by the user's fallback because Redis was unavailable.
     */
    REDIS_USER_FAILURES("stagedoor.admission.redis.user.failures",
            "failed Redis calls of the other users: shed while Redis answered, or an outage their fallback answered"),
    /**
     * Counter, tag {@code readers}: Redis calls failed at their deadline, once the threads reading replies had caught
     * up ({@code caught-up}: Redis did not answer in time) or while they were still behind at the end of their grace
     * ({@code behind}: this process could not read in time).
     */
    DEADLINE_EXPIRED("stagedoor.admission.redis.deadline.expired",
            "Redis calls failed at their deadline after the reply readers caught up"),
    /**
     * Counter: Redis calls past their deadline whose reply had arrived unread (the threads reading replies had not
     * run) and was read once they caught up; not failed. A rising count says this process, not Redis, was slow.
     */
    DEADLINE_CAUGHT_UP("stagedoor.admission.redis.deadline.caught.up",
            "Redis calls past their deadline answered once the reply readers caught up, not failed"),
    /** Counter, tag {@code reason} (lag, cpu, process, none): how the overload signal judged each missed call. */
    OVERLOAD_VERDICTS("stagedoor.admission.overload.verdicts",
            "overload signal verdicts on missed Redis calls, by the reading that decided"),
    /** Counter, tag {@code state}: circuit breaker transitions. */
    BREAKER_TRANSITIONS("stagedoor.admission.breaker.transitions", "Redis circuit breaker state changes");

    public static final String TAG_LIMIT = "limit";
    public static final String TAG_OUTCOME = "outcome";
    public static final String TAG_SOURCE = "source";
    public static final String TAG_RESULT = "result";
    public static final String TAG_STATE = "state";
    public static final String TAG_USER = "user";
    public static final String TAG_REASON = "reason";
    public static final String TAG_READERS = "readers";

    private final String meterName;
    private final String description;

    AdmissionMeter(String meterName, String description) {
        this.meterName = meterName;
        this.description = description;
    }

    public String meterName() {
        return meterName;
    }

    public String description() {
        return description;
    }
}
