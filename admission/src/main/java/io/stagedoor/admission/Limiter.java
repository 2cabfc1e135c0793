package io.stagedoor.admission;

import io.lettuce.core.RedisClient;
import io.stagedoor.admission.limit.LimitCheck;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The one call the ingress makes per request: apply these limits, all or nothing.
 *
 * <p>{@link #decide} never blocks a thread and never throws for a refusal: the stage completes with a
 * {@link Decision}. It consults this instance's refusal cache, then the bucket store (one Redis round trip);
 * when Redis is unavailable each limit applies its {@link io.stagedoor.admission.limit.WhenUnavailable}, and
 * the stage still completes within the command timeout. Shadow limits are decided and counted but never refuse.
 *
 * <p>Build one per process with {@link #builder()}, or the shortcuts below; close it on shutdown.
 */
public interface Limiter extends AutoCloseable {

    /**
     * @param checks one or more limits, each on its own (limit, subject) pair
     * @throws IllegalArgumentException when {@code checks} is empty or names one pair twice (a caller bug)
     */
    CompletionStage<Decision> decide(List<LimitCheck> checks);

    default CompletionStage<Decision> decide(LimitCheck check) {
        return decide(List.of(check));
    }

    @Override
    void close();

    static LimiterBuilder builder() {
        return new LimiterBuilder();
    }

    /** Single-instance mode: buckets in this process, system clock, metrics kept in memory. */
    static Limiter inProcess() {
        return builder().inProcess();
    }

    /** Buckets in the Redis at {@code redisUri} (e.g. {@code redis://127.0.0.1:6379}); system clock. */
    static Limiter redis(String redisUri) {
        return builder().redis(redisUri);
    }

    /** Buckets in Redis through a client the caller owns (and closes). */
    static Limiter redis(RedisClient client) {
        return builder().redis(client);
    }
}
