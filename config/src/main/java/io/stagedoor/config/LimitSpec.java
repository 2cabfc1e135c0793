package io.stagedoor.config;

import io.stagedoor.admission.limit.LimitPolicy;
import java.time.Duration;

/**
 * A limit written as {@code capacity,refillTokens,refillPeriod[,shadow]}, e.g. {@code 10,1,PT6S} for "10, then
 * 1 per 6 s"; the period is ISO-8601. What happens while Redis is down stays the limit's own.
 */
final class LimitSpec {

    private LimitSpec() {
    }

    static String write(LimitPolicy policy) {
        return policy.capacity() + "," + policy.refillTokens() + "," + policy.refillPeriod()
                + (policy.shadow() ? ",shadow" : "");
    }

    static LimitPolicy read(LimitPolicy current, String spec) {
        String[] parts = spec.split(",");
        if (parts.length < 3 || parts.length > 4 || (parts.length == 4 && !"shadow".equals(parts[3].trim()))) {
            throw new IllegalArgumentException(ConfigMessages.badLimitSpec(spec));
        }
        return new LimitPolicy(current.name(), Long.parseLong(parts[0].trim()), Long.parseLong(parts[1].trim()),
                Duration.parse(parts[2].trim()), current.whenRedisDown(), parts.length == 4);
    }
}
