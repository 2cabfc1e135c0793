package io.stagedoor.admission.puzzle;

import io.lettuce.core.SetArgs;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.StoreCalls;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Spent solutions in Redis: {@code SET sd:puzzle:<id> 1 NX PX <what is left of the lifetime>}, one key per challenge (no hash tag, so a
 * herd's keys spread over a cluster's slots), gone when the challenge expires. Every call gives up after
 * {@code timeout}.
 */
public final class RedisSpentPuzzles implements SpentPuzzles {

    private final RedisAccess redis;
    private final String base;
    private final Duration timeout;

    public RedisSpentPuzzles(RedisAccess redis, String namespace, Duration timeout) {
        this.redis = redis;
        this.base = (namespace.isEmpty() ? "" : namespace + ':') + "sd:puzzle:";
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<Boolean> spend(String id, Duration keptFor) {
        return bounded(redis.commands().set(base + id, "1", SetArgs.Builder.nx().px(Math.max(1, keptFor.toMillis()))))
                .thenApply("OK"::equals);
    }

    @Override
    public CompletionStage<Void> forget(String id) {
        return bounded(redis.commands().del(base + id)).thenApply(deleted -> null);
    }

    private <T> CompletableFuture<T> bounded(CompletionStage<T> call) {
        return StoreCalls.within(call, timeout);
    }
}
