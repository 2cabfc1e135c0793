package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private final BooleanSupplier connected;
    private final List<GuardedCalls> users = new CopyOnWriteArrayList<>();
    private volatile MeterRegistry registry;

    /** A policy for a connection it cannot see (treated as always connected), whose replies are completed where they arrive. */
    public RedisOutagePolicy(OutageSettings settings) {
        this(settings, () -> true, ReplyReaders.caughtUp());
    }

    /**
     * @param connected whether the users' connection is up now (read only when a call failed)
     * @param readers   the threads reading Redis's replies: a deadline fails a call only once they caught up
     */
    public RedisOutagePolicy(OutageSettings settings, BooleanSupplier connected, ReplyReaders readers) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.connected = Objects.requireNonNull(connected, "connected");
        this.readers = Objects.requireNonNull(readers, "readers");
        this.deadlines = new DeadlineSweeper(settings.commandTimeout(), RedisOutageGuard.TICK, readers);
    }

    /**
     * Publishes the sheds and outages of every user's calls, those made before and after this call, as
     * {@link AdmissionMeter#REDIS_USER_FAILURES} on {@code meters}.
     */
    public synchronized void bindTo(MeterRegistry meters) {
        this.registry = Objects.requireNonNull(meters, "registry");
        users.forEach(this::publish);
    }

    private synchronized void register(GuardedCalls calls) {
        users.add(calls);
        if (registry != null) {
            publish(calls);
        }
    }

    private void publish(GuardedCalls calls) {
        FunctionCounter.builder(AdmissionMeter.REDIS_USER_FAILURES.meterName(), calls, GuardedCalls::sheds)
                .description(AdmissionMeter.REDIS_USER_FAILURES.description())
                .tags(AdmissionMeter.TAG_USER, calls.user(), AdmissionMeter.TAG_OUTCOME, "shed").register(registry);
        FunctionCounter.builder(AdmissionMeter.REDIS_USER_FAILURES.meterName(), calls, GuardedCalls::outages)
                .description(AdmissionMeter.REDIS_USER_FAILURES.description())
                .tags(AdmissionMeter.TAG_USER, calls.user(), AdmissionMeter.TAG_OUTCOME, "outage").register(registry);
    }

    public OutageSettings settings() {
        return settings;
    }

    /**
     * The limiter's guard around {@code buckets}: the deadline and breaker of this policy, plus the guard's own
     * telling of this process's saturation from Redis's outage (see {@link RedisOutageGuard}) and its refunds of
     * unused takes.
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
     * breaker of their own while Redis is down, each state change logged once on {@code log}; a call missed while
     * this process is overloaded and Redis answers fails as {@link ProcessOverloaded}, the limiter's own test.
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
        GuardedCalls calls = new GuardedCalls(user, breaker, sweeper, deadline, connected);
        register(calls);
        return calls;
    }

    /** Stops the deadline thread; guarded calls still out never time out after this. */
    @Override
    public void close() {
        deadlines.close();
        longer.values().forEach(DeadlineSweeper::close);
    }
}
