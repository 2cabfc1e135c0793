package io.stagedoor.bench.ingress;

import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import java.time.Duration;

/**
 * The limits of the ingress benchmark. The buyer limit is one hold per hour, so a buyer whose single token was
 * taken stays refused for the whole run: each such buyer's first refusal on the ingress goes to Redis (refusal
 * cache cold) and every later one is answered from the cache (warm). The organizer limit never refuses, so an
 * admitted hold always costs the same two-key take. The work per request is the same as with the default limits:
 * only the numbers differ.
 */
final class BenchLimits {

    static final LimitPolicy BUYER = LimitPolicy.of("buyer-seats", 1, 1, Duration.ofHours(1), WhenUnavailable.FAIL_OPEN);
    static final LimitPolicy ORGANIZER = LimitPolicy.of("organizer-holds", 1_000_000_000L, 1_000_000_000L,
            Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN);

    private BenchLimits() {
    }

    static Limits limits() {
        Limits defaults = Limits.defaults();
        return defaults.with(BUYER).with(ORGANIZER);
    }
}
