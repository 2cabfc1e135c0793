package io.stagedoor.admission.bucket;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.CostExceedsCapacity;

import java.util.Objects;

/**
 * Take {@code cost} tokens from the bucket at {@code key}, whose shape is {@code capacity} tokens refilled
 * at {@code refillTokens} per {@code refillPeriodMillis}.
 *
 * <p>Bucket state is kept in fixed-point units of {@code 1/refillPeriodMillis} token, so one millisecond
 * refills exactly {@code refillTokens} units: every sum is an integer and nothing drifts, however many
 * refills a key sees.
 *
 * @throws CostExceedsCapacity when the cost can never be admitted
 */
public record BucketRequest(String key, long capacity, long refillTokens, long refillPeriodMillis, long cost) {

    public BucketRequest {
        Objects.requireNonNull(key, "key");
        if (capacity < 1 || refillTokens < 1 || refillPeriodMillis < 1 || cost < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("bucket parameter",
                    Math.min(Math.min(capacity, refillTokens), Math.min(refillPeriodMillis, cost))));
        }
        if (cost > capacity) {
            throw new CostExceedsCapacity(key, cost, capacity);
        }
    }

    /** A full bucket, in units. */
    public long capacityUnits() {
        return capacity * refillPeriodMillis;
    }

    /** The cost, in units. */
    public long costUnits() {
        return cost * refillPeriodMillis;
    }

    /** Units added per elapsed millisecond. */
    public long refillUnitsPerMilli() {
        return refillTokens;
    }

    /** Whole tokens in a level of units. */
    public long wholeTokens(long units) {
        return units / refillPeriodMillis;
    }
}
