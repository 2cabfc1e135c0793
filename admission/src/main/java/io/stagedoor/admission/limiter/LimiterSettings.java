package io.stagedoor.admission.limiter;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.bucket.CallCoalescing;
import io.stagedoor.admission.fallback.OutageSettings;

import java.util.Objects;

/**
 * Tuning of a {@link Limiter}; every field has its default in {@link #defaults()}.
 *
 * @param outage           Redis timeout and circuit breaker; default {@link OutageSettings#defaults()}
 * @param refusalCacheKeys refusals remembered per instance; default 100,000
 * @param localBucketKeys  in-process buckets kept (single-instance mode and fallback); default 1,000,000
 * @param coalescing       how decisions share script calls on the Redis connection; default
 *                         {@link CallCoalescing#defaults()}
 */
public record LimiterSettings(OutageSettings outage, long refusalCacheKeys, long localBucketKeys,
                              CallCoalescing coalescing) {

    public LimiterSettings {
        Objects.requireNonNull(outage, "outage");
        Objects.requireNonNull(coalescing, "coalescing");
        if (refusalCacheKeys < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("refusal cache size", refusalCacheKeys));
        }
        if (localBucketKeys < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("local bucket keys", localBucketKeys));
        }
    }

    public static LimiterSettings defaults() {
        return new LimiterSettings(OutageSettings.defaults(), 100_000, 1_000_000, CallCoalescing.defaults());
    }

    public LimiterSettings withOutage(OutageSettings settings) {
        return new LimiterSettings(settings, refusalCacheKeys, localBucketKeys, coalescing);
    }

    public LimiterSettings withCoalescing(CallCoalescing calls) {
        return new LimiterSettings(outage, refusalCacheKeys, localBucketKeys, calls);
    }
}
