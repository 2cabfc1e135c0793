package io.stagedoor.admission.parking;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.StoreCalls;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Crowds in Redis: one script call adds the member, sets the key's expiry if it has none (the window runs from the
 * key's first member) and answers the count, so concurrent joins on any instances each see a
 * count of their own. One key per crowd ({@code sd:crowd:<key>}, no hash tag, so keys spread over a cluster's slots).
 * Every call gives up after {@code timeout}.
 */
public final class RedisCrowdCounts implements CrowdCounts {

    /** PTTL, not PEXPIRE's NX flag, which Redis before 7.0 lacks. */
    private static final String ADD = "redis.call('SADD', KEYS[1], ARGV[1]) "
            + "if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end "
            + "return redis.call('SCARD', KEYS[1])";

    private final RedisAccess redis;
    private final String base;
    private final Duration timeout;

    public RedisCrowdCounts(RedisAccess redis, String namespace, Duration timeout) {
        this.redis = redis;
        this.base = (namespace.isEmpty() ? "" : namespace + ':') + "sd:crowd:";
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<Long> add(String key, String member, Duration window) {
        RedisClusterAsyncCommands<String, String> commands = redis.commands();
        CompletionStage<Long> counted = commands.eval(ADD, ScriptOutputType.INTEGER, new String[] {base + key}, member,
                Long.toString(window.toMillis()));
        return StoreCalls.within(counted, timeout);
    }

}
