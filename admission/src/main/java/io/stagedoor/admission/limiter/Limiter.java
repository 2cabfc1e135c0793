package io.stagedoor.admission.limiter;

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

    /**
     * Gives back what an admitted {@code decision} of this limiter took, for a caller that will not use it: a decision
     * that arrived after the caller stopped waiting, or a request the limit should not count after all (a login whose
     * password was right). Only what a bucket store really took comes back: the enforced limits of an admission by the
     * store, or by the local buckets of the outage fallback (which are what it charged). Nothing comes back for a
     * refusal, a shed, a fail-open admission, a shadow limit or an answer of the refusal cache, since none took
     * anything.
     *
     * <p>Once per decision: a second call, or a call on a copy of it ({@link Decision#at}), gives nothing. The stage
     * never fails: a give-back that did not go through is counted ({@code stagedoor.admission.given.back.tokens} with
     * {@code result=failed}) and never retried, as a retry whose first attempt ran would give twice.
     */
    CompletionStage<Void> giveBack(Decision decision);

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
