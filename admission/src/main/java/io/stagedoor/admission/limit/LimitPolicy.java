package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One token-bucket limit: a bucket of {@code capacity} tokens (the burst) that refills {@code refillTokens}
 * every {@code refillPeriod}, continuously. "10 then 1 per 6 s" is capacity 10, refillTokens 1, period 6 s;
 * "200/s" is refillTokens 200 per 1 s.
 *
 * @param name          stable metric tag and key part, lowercase with dashes, e.g. {@code buyer-seats}
 * @param capacity      tokens a full bucket holds, at least 1
 * @param refillTokens  tokens added per period, at least 1
 * @param refillPeriod  a whole number of milliseconds, at least 1 ms
 * @param whenRedisDown what the limit does while Redis is unreachable
 * @param shadow        observe only: decide and count, but never refuse
 */
public record LimitPolicy(String name, long capacity, long refillTokens, Duration refillPeriod,
                          WhenUnavailable whenRedisDown, boolean shadow) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    /** Bucket state is kept in units of 1/periodMillis token; 2^50 keeps every sum exact in a Lua double. */
    private static final long MAX_UNITS = 1L << 50;

    public LimitPolicy {
        Objects.requireNonNull(name, () -> AdmissionMessages.blankName("limit name"));
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(AdmissionMessages.badLimitName(name));
        }
        if (capacity < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("capacity", capacity));
        }
        if (refillTokens < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("refill tokens", refillTokens));
        }
        Objects.requireNonNull(refillPeriod, () -> AdmissionMessages.periodNotWholeMillis(null));
        if (refillPeriod.toMillis() < 1 || !refillPeriod.equals(Duration.ofMillis(refillPeriod.toMillis()))) {
            throw new IllegalArgumentException(AdmissionMessages.periodNotWholeMillis(refillPeriod));
        }
        if (capacity > MAX_UNITS / refillPeriod.toMillis() || refillTokens > MAX_UNITS / refillPeriod.toMillis()) {
            throw new IllegalArgumentException(
                    AdmissionMessages.bucketTooLarge(name, capacity, refillPeriod.toMillis()));
        }
        Objects.requireNonNull(whenRedisDown, "whenRedisDown");
    }

    /** An enforcing (not shadow) limit. */
    public static LimitPolicy of(String name, long capacity, long refillTokens, Duration refillPeriod,
                                 WhenUnavailable whenRedisDown) {
        return new LimitPolicy(name, capacity, refillTokens, refillPeriod, whenRedisDown, false);
    }

    /** The same limit in observe-only mode, for rolling a new limit out on the night. */
    public LimitPolicy asShadow() {
        return new LimitPolicy(name, capacity, refillTokens, refillPeriod, whenRedisDown, true);
    }

    public LimitPolicy withWhenRedisDown(WhenUnavailable behaviour) {
        return new LimitPolicy(name, capacity, refillTokens, refillPeriod, behaviour, shadow);
    }

    public long refillPeriodMillis() {
        return refillPeriod.toMillis();
    }

    /** How long an empty bucket takes to fill. */
    public Duration timeToFill() {
        return Duration.ofMillis(Math.ceilDiv(capacity * refillPeriodMillis(), refillTokens));
    }
}
