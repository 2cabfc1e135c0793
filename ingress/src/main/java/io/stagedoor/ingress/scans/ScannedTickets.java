package io.stagedoor.ingress.scans;

import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.redis.RedisAccess;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which tickets have been scanned: the first scan of a ticket wins. In Redis ({@code SET NX}, one round trip, the
 * ticket as hash tag so a cluster works) so every instance and every gate agree; while Redis is unreachable (the
 * shared policy's deadline passed, or its breaker for scans is open), in this instance's memory, which keeps one
 * gate honest but not two gates on two instances (the docs say so).
 */
public final class ScannedTickets implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScannedTickets.class);
    private static final Duration REMEMBER = Duration.ofDays(2);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final GuardedCalls calls;
    private final Set<String> local = ConcurrentHashMap.newKeySet();

    private ScannedTickets(RedisAccess access) {
        this.redis = access == null ? null : access.commands();
        this.calls = access == null ? null : access.policy().calls("scanned tickets", LOG);
    }

    /** Backed by the process's shared Redis, or by memory alone when {@code access} is null; the access stays the caller's. */
    public static ScannedTickets open(RedisAccess access) {
        return new ScannedTickets(access);
    }

    /** True for the first scan of {@code ticketId}, false for every later one. */
    public boolean firstScan(String ticketId) {
        if (redis != null) {
            try {
                String answer = calls.call(() -> redis.set(key(ticketId), "1", SetArgs.Builder.nx().ex(REMEMBER)))
                        .join();
                boolean first = "OK".equals(answer);
                local.add(ticketId);
                return first;
            } catch (RuntimeException redisDown) {
                // falls through to this instance's memory
            }
        }
        return local.add(ticketId);
    }

    static String key(String ticketId) {
        return "sd:{scan:" + ticketId + "}";
    }

    /** Nothing to close: the Redis access is the caller's. */
    @Override
    public void close() {
    }
}
