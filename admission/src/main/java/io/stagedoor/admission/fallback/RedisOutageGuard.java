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
import java.util.function.BooleanSupplier;

/**
 * A {@link BucketStore} around the Redis store that fails fast: every call is cut at the command timeout,
 * and once the failure rate crosses the threshold the circuit opens and calls fail at once, without touching
 * the network, until a probe succeeds. The caller treats a failure as "Redis unavailable" and falls back, except
 * {@link ProcessOverloaded}, which it sheds. Logs once per breaker transition, never per request.
 *
 * <p>Our saturation is not Redis's outage. A call that missed its deadline, or found the waiting line for the
 * connection full, fails with {@link ProcessOverloaded} (no breaker failure, no fallback) when {@link OwnSaturation}
 * says this process is overloaded while Redis answers. Anything else, a refused or closed connection, a hang, a slow
 * Redis beside an idle process, is an outage as before: a breaker failure, and each limit's fallback decides,
 * counted. A call the open breaker refuses is asked the same question: a breaker that a burst of saturation opened
 * must not make the limits fail open while Redis answers.
 *
 * <p>A call whose answer this guard does not pass on (it missed its deadline, whatever was then decided) may still
 * have taken tokens in Redis: {@link UnusedTakes} watches its reply and gives them back (decision 0020).
 */
public final class RedisOutageGuard implements BucketStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RedisOutageGuard.class);
    static final Duration TICK = Duration.ofMillis(5);

    private final BucketStore redis;
    private final BreakerCalls calls;
    private final AdmissionMetrics metrics;
    private final DeadlineSweeper deadlines;
    private final OwnSaturation saturation;
    private final UnusedTakes unused;
    private final boolean ownsDeadlines;
    private final String overloadedMessage;

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
        this.overloadedMessage = AdmissionMessages.processOverloaded(settings.commandTimeout());
        this.deadlines = deadlines;
        this.ownsDeadlines = ownsDeadlines;
        this.saturation = new OwnSaturation(deadlines.overload(), connected, System.nanoTime());
        this.unused = new UnusedTakes(redis, metrics);
        this.calls = new BreakerCalls(settings.breaker("stagedoor-redis"), LOG, AdmissionMessages::breakerTransition,
                metrics::breakerTransition);
    }

    @Override
    public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
        long start = System.nanoTime();
        SentTake sent = new SentTake();
        CompletableFuture<BucketOutcome> call = calls.start(() -> sent.reply = redis.take(requests, nowMillis)
                .thenApply(this::replied));
        if (BreakerCalls.notPermitted(call)) {
            // An open breaker stops the calls, not the question: while this process is overloaded and Redis answered
            // lately, a saturation that tripped the breaker must not turn every limit off until it closes again.
            return saturation.answering(start) ? CompletableFuture.failedFuture(new ProcessOverloaded(overloadedMessage))
                    : call;
        }
        return deadlines.watch(call, start).handle((outcome, error) -> ended(start, requests, sent, outcome, error));
    }

    /** Gives back the tokens an earlier take of {@code requests} took, on the store itself (never cut, never broken). */
    @Override
    public CompletionStage<Void> refund(List<BucketRequest> requests) {
        return redis.refund(requests);
    }

    private BucketOutcome replied(BucketOutcome outcome) {
        saturation.replied(System.nanoTime());
        return outcome;
    }

    private BucketOutcome ended(long start, List<BucketRequest> requests, SentTake sent, BucketOutcome outcome,
                                Throwable error) {
        long now = System.nanoTime();
        metrics.redisCall(now - start, error == null);
        if (error == null) {
            calls.ended(start, null);
            return outcome;
        }
        // This answer goes unused from here on, whoever decides the request: what the take may have taken comes back.
        if (sent.reply != null) {
            unused.unused(sent.reply, requests);
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (saturation.explains(cause, now)) {
            calls.released();
            throw new ProcessOverloaded(overloadedMessage);
        }
        saturation.outage(now);
        calls.ended(start, cause);
        throw error instanceof CompletionException completion ? completion : new CompletionException(cause);
    }

    /** Redis's own future of one take, kept so that a reply nobody used can still be watched. */
    private static final class SentTake {
        private volatile CompletionStage<BucketOutcome> reply;
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
