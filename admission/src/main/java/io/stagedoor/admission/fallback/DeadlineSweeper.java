package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Fails calls that outlive a fixed timeout, at the cost of one queue insert per call. Every call has the same
 * timeout, so calls enter in deadline order and one thread, waking every {@code tick}, pops expired or finished
 * calls off the head. {@link CompletableFuture#orTimeout} would instead schedule and cancel a task per call
 * and wake its timer thread on most of them: measurable at tens of thousands of decisions per second on two
 * cores.
 *
 * <p>A deadline is meant to catch a slow Redis, not a starved JVM. Two rules keep this process's own slowness from
 * failing calls that Redis answered in time:
 * <ul>
 *   <li><b>The readers catch up first.</b> A call past its deadline is failed only once the {@link ReplyReaders}
 *       (the I/O threads that write our commands and read Redis's replies) have caught up promptly, within
 *       {@link #PROMPT_TICKS} ticks of being asked, and Redis has had {@link #PROMPT_ANSWER} to answer what they wrote
 *       meanwhile: its reply may be sitting unread in the socket, or its command unwritten, because those threads did
 *       not get a core. While they are behind (a round of catching up took longer than that), they are asked again,
 *       and Redis gets a whole {@code timeout} for the commands they wrote only while catching up (a coalesced take
 *       goes out only when the reply ahead of it is read): a deadline counts from when Redis was asked. A call
 *       answered meanwhile is left alone and counted ({@link #caughtUp()}). Readers that do not catch up within
 *       {@link #READERS_GRACE_NANOS} of being asked are blocked, not starved, and the calls fail anyway. So a call
 *       fails between {@code timeout} and {@code timeout + tick} after it started, plus however long the readers
 *       take to catch up and the time Redis is given after them.</li>
 *   <li><b>A late sweep expires nothing.</b> When the sweeper itself wakes more than {@link #LATE_TICKS} ticks after
 *       its last sweep, the process was descheduled or paused: that sweep expires nothing, and the next, a tick
 *       later (the sweeper runs with a fixed delay: a fixed rate would run the missed sweeps back to back), expires
 *       as usual, late or not.</li>
 * </ul>
 *
 * <p>Each sweep also tells its {@link OverloadSignal} how late it woke: the sweeper is the process's own
 * scheduling-lag probe, which the guard reads when it must tell our saturation from Redis's outage.
 */
final class DeadlineSweeper implements AutoCloseable {

    /** A sweep this many ticks after the last one finds the process was starved, and expires nothing. */
    static final int LATE_TICKS = 3;
    /**
     * How long overdue calls wait for the readers to catch up before they fail anyway: longer than the stalls a
     * saturated process shows (tens of milliseconds, a few hundred at worst), short enough that a reader blocked
     * for good does not hold every caller until its own backstop.
     */
    static final long READERS_GRACE_NANOS = Duration.ofMillis(250).toNanos();
    /** A round of catching up that took more than this many ticks found the readers behind: they are asked again. */
    static final int PROMPT_TICKS = 3;
    /**
     * How long Redis has to answer what readers that caught up promptly wrote meanwhile (a Redis that answers does so
     * in well under a millisecond; a hung one costs this much more before its calls fail).
     */
    static final Duration PROMPT_ANSWER = Duration.ofMillis(10);

    private record Pending(long deadlineNanos, CompletableFuture<?> call) {
    }

    private final long timeoutNanos;
    private final Duration timeout;
    private final Queue<Pending> pending = new ConcurrentLinkedQueue<>();
    /** Batches of overdue calls waiting for the readers, oldest first; the sweeper's thread only. */
    private final Queue<Overdue> overdue = new ArrayDeque<>();
    private final ScheduledExecutorService ticker;
    private final long lateNanos;
    private final long tickNanos;
    private final OverloadSignal overload;
    private final ReplyReaders readers;
    private final LongSupplier clock;
    private final LongAdder expired = new LongAdder();
    private final LongAdder expiredBehind = new LongAdder();
    private final LongAdder caughtUp = new LongAdder();
    private long lastSweepNanos;
    private boolean skippedLast;

    /** A sweeper that sweeps every {@code tick} on a daemon thread of its own; its readers are always caught up. */
    DeadlineSweeper(Duration timeout, Duration tick) {
        this(timeout, tick, ReplyReaders.caughtUp());
    }

    /** A sweeper that sweeps every {@code tick} on a daemon thread of its own, failing calls after {@code readers}. */
    DeadlineSweeper(Duration timeout, Duration tick, ReplyReaders readers) {
        this(timeout, tick, System.nanoTime(), OverloadSignal.ofThisProcess(tick, System.nanoTime()), readers,
                System::nanoTime, Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "stagedoor-redis-deadlines");
            thread.setDaemon(true);
            return thread;
        }));
        ticker.scheduleWithFixedDelay(() -> sweep(System.nanoTime()), tick.toNanos(), tick.toNanos(),
                TimeUnit.NANOSECONDS);
    }

    private DeadlineSweeper(Duration timeout, Duration tick, long startNanos, OverloadSignal overload,
                            ReplyReaders readers, LongSupplier clock, ScheduledExecutorService ticker) {
        this.timeout = timeout;
        this.tickNanos = tick.toNanos();
        this.overload = overload;
        this.readers = readers;
        this.clock = clock;
        this.timeoutNanos = timeout.toNanos();
        this.lateNanos = LATE_TICKS * tick.toNanos();
        this.lastSweepNanos = startNanos;
        this.ticker = ticker;
    }

    /** A sweeper that sweeps only when {@link #sweep} is called, its first sweep due a tick after {@code startNanos}. */
    static DeadlineSweeper unscheduled(Duration timeout, Duration tick, long startNanos) {
        return unscheduled(timeout, tick, startNanos, new OverloadSignal(() -> -1, tick, startNanos));
    }

    /** The same, telling {@code overload} how late each sweep came. */
    static DeadlineSweeper unscheduled(Duration timeout, Duration tick, long startNanos, OverloadSignal overload) {
        return unscheduled(timeout, tick, startNanos, overload, ReplyReaders.caughtUp(), () -> startNanos);
    }

    /**
     * The same, failing overdue calls only after {@code readers} caught up promptly, as timed on {@code clock} (the
     * clock the sweeps' {@code now} comes from).
     */
    static DeadlineSweeper unscheduled(Duration timeout, Duration tick, long startNanos, OverloadSignal overload,
                                       ReplyReaders readers, LongSupplier clock) {
        return new DeadlineSweeper(timeout, tick, startNanos, overload, readers, clock, null);
    }

    /** What the sweeps measured of this process's scheduling lag and load. */
    OverloadSignal overload() {
        return overload;
    }

    /** Watches {@code call}, started at {@code startNanos}; returns it. */
    <T> CompletableFuture<T> watch(CompletableFuture<T> call, long startNanos) {
        if (!call.isDone()) {
            pending.add(new Pending(startNanos + timeoutNanos, call));
        }
        return call;
    }

    /**
     * Hands the calls past their deadline at {@code now} to the readers (unless this sweep comes late), and fails the
     * overdue calls the readers left waiting past their grace; runs on one thread.
     */
    void sweep(long now) {
        boolean late = now - lastSweepNanos > lateNanos;
        overload.swept(now, Math.max(0, now - lastSweepNanos - tickNanos));
        lastSweepNanos = now;
        if (late && !skippedLast) {
            skippedLast = true;
            return;
        }
        skippedLast = false;
        List<CompletableFuture<?>> due = null;
        for (Pending head = pending.peek(); head != null; head = pending.peek()) {
            if (!head.call().isDone() && head.deadlineNanos() - now > 0) {
                break;
            }
            pending.poll();
            if (!head.call().isDone()) {
                due = due == null ? new ArrayList<>() : due;
                due.add(head.call());
            }
        }
        if (due != null) {
            Overdue batch = new Overdue(due, now);
            overdue.add(batch);
            batch.askReaders(now, PROMPT_ANSWER.toNanos());
        }
        for (Overdue batch = overdue.peek(); batch != null; batch = overdue.peek()) {
            if (!batch.settled() && !batch.readersBlocked(now)) {
                break;
            }
            batch.settle(!batch.settled());
            overdue.poll();
        }
    }

    /** Calls failed at their deadline so far though the readers had caught up promptly: Redis did not answer. */
    long expired() {
        return expired.sum();
    }

    /** Calls failed at their deadline so far while the readers were still behind, at the end of their grace. */
    long expiredBehind() {
        return expiredBehind.sum();
    }

    /** Calls past their deadline that were answered once the readers caught up, and so were not failed. */
    long caughtUp() {
        return caughtUp.sum();
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }

    /**
     * Calls found past their deadline in one sweep: failed once, when the readers caught up promptly or did not catch
     * up within their grace, whichever comes first.
     */
    private final class Overdue {
        private final List<CompletableFuture<?>> calls;
        private final long sinceNanos;
        private final AtomicBoolean settled = new AtomicBoolean();
        /** When the readers were last asked plus the time Redis was given after them; read by the sweeps. */
        private volatile long answerDueNanos;

        Overdue(List<CompletableFuture<?>> calls, long sinceNanos) {
            this.calls = calls;
            this.sinceNanos = sinceNanos;
        }

        boolean settled() {
            return settled.get();
        }

        /** The readers last asked have not caught up within their grace at {@code now}. */
        boolean readersBlocked(long now) {
            return now - answerDueNanos >= READERS_GRACE_NANOS;
        }

        /** Asks the readers to catch up at {@code askedNanos}, then give Redis {@code answeringNanos}. */
        void askReaders(long askedNanos, long answeringNanos) {
            answerDueNanos = askedNanos + answeringNanos;
            readers.afterPendingReads(Duration.ofNanos(answeringNanos), () -> caughtUp(askedNanos, answeringNanos));
        }

        /** The readers caught up with what they had when asked at {@code askedNanos}, and Redis had its time after. */
        private void caughtUp(long askedNanos, long answeringNanos) {
            if (settled()) {
                return;
            }
            long now = clock.getAsLong();
            boolean behind = now - askedNanos - answeringNanos > PROMPT_TICKS * tickNanos;
            if (behind && now - sinceNanos < READERS_GRACE_NANOS && !calls.stream().allMatch(CompletableFuture::isDone)) {
                askReaders(now, timeoutNanos);
                return;
            }
            settle(behind);
        }

        /** Fails the calls still unanswered; {@code behind}: the readers had not caught up promptly. */
        void settle(boolean behind) {
            if (!settled.compareAndSet(false, true)) {
                return;
            }
            for (CompletableFuture<?> call : calls) {
                if (call.completeExceptionally(new TimeoutException(AdmissionMessages.storeTimedOut(timeout)))) {
                    (behind ? expiredBehind : expired).increment();
                } else {
                    caughtUp.increment();
                }
            }
        }
    }
}
