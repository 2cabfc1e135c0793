package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * A {@link BucketStore} around the Redis store that fails fast: every call is cut at the command timeout,
 * and once the failure rate crosses the threshold the circuit opens and calls fail at once, without touching
 * the network, until a probe succeeds. The caller treats a failure as "Redis unavailable" and falls back, except
 * {@link ProcessOverloaded}, which it sheds. Logs once per breaker transition, never per request.
 *
 * <p>Our saturation is not Redis's outage. A call that missed its deadline, or found the waiting line for the
 * connection full, fails with {@link ProcessOverloaded} (no breaker failure, no fallback) when all three hold:
 * <ol>
 *   <li>the connection is up;</li>
 *   <li>Redis is still answering: some reply on this store arrived less than {@link #HANG_SILENCE_NANOS} ago, on a
 *       clock that stops while the whole process stalls. A Redis that hangs answers nothing, so once it has been
 *       silent that long every missed call is an outage, however busy this process is (until then, while this
 *       process is overloaded, a hang is shed);</li>
 *   <li>this process is overloaded ({@link OverloadSignal}: the sweeper's own scheduling lag, or the CPU load).
 *       A Redis that answers slowly while this process idles is an outage too.</li>
 * </ol>
 * Anything else, a refused or closed connection, a hang, a slow Redis beside an idle process, is an outage as
 * before: a breaker failure, and each limit's fallback decides, counted. A call the open breaker refuses is asked
 * the same question (without the first clause): a breaker that a burst of saturation opened must not make the
 * limits fail open while Redis answers.
 */
public final class RedisOutageGuard implements BucketStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RedisOutageGuard.class);
    static final Duration TICK = Duration.ofMillis(5);
    /**
     * How long Redis may seem silent to an overloaded process before it is taken for hung: running time (stalls of
     * the whole process excluded) without one reply. A CPU-starved reader can go most of a second without reading
     * while Redis answers, so the silence that means a hang must be longer than that.
     */
    static final long HANG_SILENCE_NANOS = Duration.ofSeconds(2).toNanos();

    private final BucketStore redis;
    private final BreakerCalls calls;
    private final AdmissionMetrics metrics;
    private final DeadlineSweeper deadlines;
    private final BooleanSupplier connected;
    private final boolean ownsDeadlines;
    private final String overloadedMessage;
    /** When Redis last replied, on the overload signal's running clock; starts as the connection's handshake. */
    private volatile long lastReplyRunningNanos;
    /** When a call last failed as an outage, on the same clock: a reply older than that says nothing of now. */
    private volatile long lastOutageRunningNanos;

    /** A guard for a store whose connection state it cannot see: treated as always connected. */
    public RedisOutageGuard(BucketStore redis, OutageSettings settings, AdmissionMetrics metrics) {
        this(redis, settings, metrics, () -> true);
    }

    /** @param connected whether the store's connection is up now (read only when a call missed its deadline) */
    public RedisOutageGuard(BucketStore redis, OutageSettings settings, AdmissionMetrics metrics,
                            BooleanSupplier connected) {
        this(redis, settings, metrics, connected, new DeadlineSweeper(settings.commandTimeout(), TICK), true);
    }

    /** A guard on the deadlines of a {@link RedisOutagePolicy}, which closes the sweeper when it is closed itself. */
    RedisOutageGuard(BucketStore redis, OutageSettings settings, AdmissionMetrics metrics, BooleanSupplier connected,
                     DeadlineSweeper deadlines, boolean ownsDeadlines) {
        this.redis = redis;
        this.metrics = metrics;
        this.connected = connected;
        this.overloadedMessage = AdmissionMessages.processOverloaded(settings.commandTimeout());
        this.deadlines = deadlines;
        this.ownsDeadlines = ownsDeadlines;
        this.lastReplyRunningNanos = deadlines.overload().runningNanos(System.nanoTime());
        this.lastOutageRunningNanos = lastReplyRunningNanos - 1;
        this.calls = new BreakerCalls(settings.breaker("stagedoor-redis"), LOG, AdmissionMessages::breakerTransition,
                metrics::breakerTransition);
    }

    @Override
    public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
        long start = System.nanoTime();
        // Stamped on Redis's own future, not the deadline's copy: a reply that comes too late for its call still
        // proves that Redis answers.
        CompletableFuture<BucketOutcome> call = calls.start(() -> redis.take(requests, nowMillis)
                .thenApply(this::replied));
        if (BreakerCalls.notPermitted(call)) {
            // An open breaker stops the calls, not the question: while this process is overloaded and Redis answered
            // lately, a saturation that tripped the breaker must not turn every limit off until it closes again.
            return answering(start) ? CompletableFuture.failedFuture(new ProcessOverloaded(overloadedMessage)) : call;
        }
        return deadlines.watch(call, start).handle((outcome, error) -> ended(start, outcome, error));
    }

    private BucketOutcome replied(BucketOutcome outcome) {
        lastReplyRunningNanos = deadlines.overload().runningNanos(System.nanoTime());
        return outcome;
    }

    private BucketOutcome ended(long start, BucketOutcome outcome, Throwable error) {
        long now = System.nanoTime();
        metrics.redisCall(now - start, error == null);
        if (error == null) {
            calls.ended(start, null);
            return outcome;
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (ourOwnSaturation(cause, now)) {
            calls.released();
            throw new ProcessOverloaded(overloadedMessage);
        }
        lastOutageRunningNanos = deadlines.overload().runningNanos(now);
        calls.ended(start, cause);
        throw error instanceof CompletionException completion ? completion : new CompletionException(cause);
    }

    /** Whether {@code failure}, seen at {@code now}, was this process's slowness while Redis answered. */
    private boolean ourOwnSaturation(Throwable failure, long now) {
        boolean missed = failure instanceof TimeoutException || failure instanceof RejectedExecutionException;
        return missed && answering(now);
    }

    /**
     * Whether, at {@code now}, this process is overloaded while Redis, connected, has replied lately, and since the
     * last call that failed as an outage (replies of calls that missed their deadline count: they prove Redis
     * answers). After a real outage no reply comes until a call gets through again, so while the breaker is open
     * after one, the fallbacks decide, however busy this process is.
     */
    private boolean answering(long now) {
        OverloadSignal overload = deadlines.overload();
        long lastReply = lastReplyRunningNanos;
        return connected.getAsBoolean() && lastReply > lastOutageRunningNanos
                && overload.runningNanos(now) - lastReply < HANG_SILENCE_NANOS && overload.overloaded(now);
    }

    @Override
    public void close() {
        if (ownsDeadlines) {
            deadlines.close();
        }
    }

    /** The breaker's state name: CLOSED, OPEN, HALF_OPEN. */
    public String state() {
        return calls.state();
    }

    /** The most the deadline sweeper woke late over the recent window, in nanoseconds. */
    public long schedulingLagNanos() {
        return deadlines.overload().lagNanos();
    }

    /** The CPU load last read, 0 to 1: the larger of this process's and the machine's. */
    public double cpuLoad() {
        return deadlines.overload().cpuLoad();
    }
}
