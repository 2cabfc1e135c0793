package io.stagedoor.admission.parking;

import io.lettuce.core.MapScanCursor;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.ScriptOutputType;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.StoreCalls;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Parked accounts in Redis: one hash per event ({@code sd:parked:<event>}, account to reason), kept {@code kept} from
 * the last account parked. Parking is one script (add unless present or the hash holds {@code most}, then renew the
 * expiry), so concurrent flags on any instances keep one reason and one count. Every call gives up after
 * {@code timeout}.
 */
public final class RedisParkedAccounts implements ParkedAccounts {

    private static final String PARK = "if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end "
            + "if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end "
            + "redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) redis.call('PEXPIRE', KEYS[1], ARGV[4]) return 1";

    private final RedisAccess redis;
    private final String base;
    private final int most;
    private final Duration kept;
    private final Duration timeout;

    /** @param most the most accounts one event's list holds; {@code kept} how long a list outlives its last addition */
    public RedisParkedAccounts(RedisAccess redis, String namespace, int most, Duration kept, Duration timeout) {
        this.redis = redis;
        this.base = (namespace.isEmpty() ? "" : namespace + ':') + "sd:parked:";
        this.most = most;
        this.kept = kept;
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<Optional<String>> reasonOf(String eventId, String accountId) {
        return bounded(redis.commands().hget(key(eventId), accountId)).thenApply(Optional::ofNullable);
    }

    @Override
    public CompletionStage<Boolean> park(String eventId, String accountId, String reason) {
        CompletionStage<Long> added = redis.commands().eval(PARK, ScriptOutputType.INTEGER,
                new String[] {key(eventId)}, accountId, reason, Integer.toString(most), Long.toString(kept.toMillis()));
        return bounded(added).thenApply(count -> count == 1);
    }

    @Override
    public CompletionStage<Boolean> release(String eventId, String accountId) {
        return bounded(redis.commands().hdel(key(eventId), accountId)).thenApply(removed -> removed > 0);
    }

    @Override
    public CompletionStage<Map<String, String>> list(String eventId, int most) {
        return scan(key(eventId), ScanCursor.INITIAL, new LinkedHashMap<>(), most);
    }

    private CompletionStage<Map<String, String>> scan(String key, ScanCursor from, Map<String, String> listed, int most) {
        return bounded(redis.commands().hscan(key, from, ScanArgs.Builder.limit(Math.min(most, 1000))))
                .thenCompose((MapScanCursor<String, String> page) -> {
                    page.getMap().entrySet().stream().limit(most - listed.size())
                            .forEach(entry -> listed.put(entry.getKey(), entry.getValue()));
                    return page.isFinished() || listed.size() >= most ? CompletableFuture.completedFuture(listed)
                            : scan(key, page, listed, most);
                });
    }

    /** The event's length first, so no two events share a key. */
    private String key(String eventId) {
        return base + eventId.length() + ':' + eventId;
    }

    private <T> CompletableFuture<T> bounded(CompletionStage<T> call) {
        return StoreCalls.within(call, timeout);
    }
}
