package io.stagedoor.admission.refusal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;

import java.util.concurrent.TimeUnit;

/**
 * Refusals this instance has seen, until their retry-after passes. When a key was refused for cost {@code c}
 * with a wait ending at {@code t}, the bucket cannot hold {@code c} tokens before {@code t}: other callers only
 * take tokens away. So any request for that key with cost at least {@code c} before {@code t} is refused here,
 * with no Redis call. A larger cost {@code c'} waits {@code c' - c} tokens' refill longer, which is what it is told
 * (a hold of 8 seats refused after one of 2 must not hear the 2-seat wait). Bounded by size; entries also leave
 * once their wait is over.
 */
public final class RefusalCache {

    private record Refusal(long untilMillis, long cost, long ttlMillis, long refillTokens, long refillPeriodMillis) {
    }

    private final Cache<String, Refusal> refusals;

    public RefusalCache(long maxKeys) {
        this.refusals = Caffeine.newBuilder()
                .maximumSize(maxKeys)
                .expireAfter(new Expiry<String, Refusal>() {
                    @Override
                    public long expireAfterCreate(String key, Refusal refusal, long now) {
                        return TimeUnit.MILLISECONDS.toNanos(refusal.ttlMillis());
                    }

                    @Override
                    public long expireAfterUpdate(String key, Refusal refusal, long now, long remaining) {
                        return TimeUnit.MILLISECONDS.toNanos(refusal.ttlMillis());
                    }

                    @Override
                    public long expireAfterRead(String key, Refusal refusal, long now, long remaining) {
                        return remaining;
                    }
                })
                .build();
    }

    /**
     * Remember that {@code key}, refilled {@code refillTokens} per {@code refillPeriodMillis}, cannot give
     * {@code cost} tokens for {@code waitMillis} from {@code nowMillis}.
     */
    public void remember(String key, long cost, long nowMillis, long waitMillis, long refillTokens,
                         long refillPeriodMillis) {
        if (waitMillis > 0) {
            refusals.put(key, new Refusal(nowMillis + waitMillis, cost, waitMillis, refillTokens, refillPeriodMillis));
        }
    }

    /**
     * Milliseconds still to wait when {@code key} is known to refuse {@code cost} at {@code nowMillis};
     * 0 when this cache cannot tell and the store must decide.
     */
    public long waitMillis(String key, long cost, long nowMillis) {
        Refusal refusal = refusals.getIfPresent(key);
        if (refusal == null || cost < refusal.cost() || nowMillis >= refusal.untilMillis()) {
            return 0;
        }
        long refillOfTheRest = Math.ceilDiv((cost - refusal.cost()) * refusal.refillPeriodMillis(), refusal.refillTokens());
        return refusal.untilMillis() - nowMillis + refillOfTheRest;
    }
}
