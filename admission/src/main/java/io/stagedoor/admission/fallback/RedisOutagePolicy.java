package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BinaryOperator;
import java.util.function.BooleanSupplier;

/**
 * The one outage policy every Redis user of a process shares: one deadline ({@link OutageSettings#commandTimeout()},
 * enforced by one {@link DeadlineSweeper} thread for all of them) and one breaker configuration. A user whose calls
 * are heavy and off the hot path (the waiting room's script, 1 s by default) may ask for a longer deadline; the
 * policy then keeps one more sweeper for that length. Each user gets a
 * breaker of its own, built from the same settings and named after it: the users send different calls (a script
 * error of the waiting room must not turn the limits off), but they agree on when Redis counts as down and on how
 * long to wait before asking again. Each user states only its fallback. A call past its deadline fails only once the
 * {@link ReplyReaders} caught up (see {@link DeadlineSweeper}).
 */
public final class RedisOutagePolicy implements AutoCloseable {

    private final OutageSettings settings;
    private final ReplyReaders readers;
    private final DeadlineSweeper deadlines;
    private final Map<Duration, DeadlineSweeper> longer = new ConcurrentHashMap<>();

    /** A policy for calls whose replies are completed where they arrive (no I/O threads to wait for). */
    public RedisOutagePolicy(OutageSettings settings) {
        this(settings, ReplyReaders.caughtUp());
    }

    /** A policy whose deadlines fail a call only once {@code readers}, the threads reading Redis's replies, caught up. */
    public RedisOutagePolicy(OutageSettings settings, ReplyReaders readers) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.readers = Objects.requireNonNull(readers, "readers");
        this.deadlines = new DeadlineSweeper(settings.commandTimeout(), RedisOutageGuard.TICK, readers);
    }

    public OutageSettings settings() {
        return settings;
    }

    /**
     * The limiter's guard around {@code buckets}: the deadline and breaker of this policy, plus the guard's own
     * telling of this process's saturation from Redis's outage (see {@link RedisOutageGuard}).
     *
     * @param connected whether the connection is up now
     */
    public RedisOutageGuard guardBuckets(BucketStore buckets, AdmissionMetrics metrics, BooleanSupplier connected) {
        metrics.deadlines(deadlines::expired, deadlines::expiredBehind, deadlines::caughtUp);
        for (OverloadSignal.Verdict verdict : OverloadSignal.Verdict.values()) {
            metrics.overloadVerdicts(verdict.tag(), () -> deadlines.overload().verdicts(verdict));
        }
        return new RedisOutageGuard(buckets, settings, metrics, connected, deadlines, false);
    }

    /**
     * Calls of one other user (waiting room, idempotency keys, scanned tickets): cut at the deadline and stopped by a
     * breaker of their own while Redis is down, each state change logged once on {@code log}.
     *
     * @param user what the calls are for, in log lines and messages ("scanned tickets")
     */
    public GuardedCalls calls(String user, Logger log) {
        return calls(user, log, (from, to) -> AdmissionMessages.breakerTransition(user, from, to));
    }

    /** The same, logging each breaker change as {@code transitionMessage} words it. */
    public GuardedCalls calls(String user, Logger log, BinaryOperator<String> transitionMessage) {
        return calls(user, log, transitionMessage, settings.commandTimeout());
    }

    /** The same, each call cut at {@code deadline} instead of the policy's own (at most 1 s, as every deadline). */
    public GuardedCalls calls(String user, Logger log, BinaryOperator<String> transitionMessage, Duration deadline) {
        // thrown away, not a mistake: building it refuses a deadline no deadline may have (over 1 s)
        settings.withCommandTimeout(deadline);
        BreakerCalls breaker = new BreakerCalls(settings.breaker("stagedoor-redis-" + user.replace(' ', '-')), log,
                transitionMessage, state -> { });
        DeadlineSweeper sweeper = deadline.equals(settings.commandTimeout()) ? deadlines
                : longer.computeIfAbsent(deadline, length -> new DeadlineSweeper(length, RedisOutageGuard.TICK, readers));
        return new GuardedCalls(user, breaker, sweeper, deadline);
    }

    /** Stops the deadline thread; guarded calls still out never time out after this. */
    @Override
    public void close() {
        deadlines.close();
        longer.values().forEach(DeadlineSweeper::close);
    }
}
