package io.stagedoor.admission.fallback;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * The one test every Redis user applies to a call that failed: was it this process's own saturation while Redis
 * answered, or Redis's outage? Our saturation when all three hold:
 * <ol>
 *   <li>the connection is up;</li>
 *   <li>Redis is still answering: some reply to this user arrived less than {@link #HANG_SILENCE_NANOS} ago, on a
 *       clock that stops while the whole process stalls, and after the last call that failed as an outage. A Redis
 *       that hangs answers nothing, so once it has been silent that long every missed call is an outage, however
 *       busy this process is;</li>
 *   <li>this process is overloaded ({@link OverloadSignal}: the sweeper's own scheduling lag, or the CPU load).
 *       A Redis that answers slowly while this process idles is an outage too.</li>
 * </ol>
 * Only a missed deadline (or a full waiting line) can be our saturation; any other failure is Redis's. The caller
 * sheds a call that was our saturation ({@link ProcessOverloaded}) and falls back on one that was an outage. One
 * instance per user, fed by that user's replies; thread-safe.
 */
final class OwnSaturation {

    /**
     * How long Redis may seem silent to an overloaded process before it is taken for hung: running time (stalls of
     * the whole process excluded) without one reply. A CPU-starved reader can go most of a second without reading
     * while Redis answers, so the silence that means a hang must be longer than that.
     */
    static final long HANG_SILENCE_NANOS = Duration.ofSeconds(2).toNanos();

    private final OverloadSignal overload;
    private final BooleanSupplier connected;
    /** When Redis last replied, on the overload signal's running clock; starts as the connection's handshake. */
    private volatile long lastReplyRunningNanos;
    /** When a call last failed as an outage, on the same clock: a reply older than that says nothing of now. */
    private volatile long lastOutageRunningNanos;

    /** @param connected whether the connection is up now (read only when a call failed) */
    OwnSaturation(OverloadSignal overload, BooleanSupplier connected, long nowNanos) {
        this.overload = overload;
        this.connected = connected;
        this.lastReplyRunningNanos = overload.runningNanos(nowNanos);
        this.lastOutageRunningNanos = lastReplyRunningNanos - 1;
    }

    /**
     * Redis replied at {@code nowNanos}. Told on Redis's own future, not the deadline's copy: a reply that comes too
     * late for its call still proves that Redis answers.
     */
    void replied(long nowNanos) {
        lastReplyRunningNanos = overload.runningNanos(nowNanos);
    }

    /** A call failed as an outage at {@code nowNanos}: until Redis replies again, no failure is our saturation. */
    void outage(long nowNanos) {
        lastOutageRunningNanos = overload.runningNanos(nowNanos);
    }

    /** Whether {@code failure}, seen at {@code nowNanos}, was this process's slowness while Redis answered. */
    boolean explains(Throwable failure, long nowNanos) {
        boolean missed = failure instanceof TimeoutException || failure instanceof RejectedExecutionException;
        return missed && answering(nowNanos);
    }

    /**
     * Whether, at {@code nowNanos}, this process is overloaded while Redis, connected, has replied lately, and since
     * the last call that failed as an outage. After a real outage no reply comes until a call gets through again, so
     * while a breaker is open after one, the fallbacks decide, however busy this process is.
     */
    boolean answering(long nowNanos) {
        long lastReply = lastReplyRunningNanos;
        return connected.getAsBoolean() && lastReply > lastOutageRunningNanos
                && overload.runningNanos(nowNanos) - lastReply < HANG_SILENCE_NANOS && overload.overloaded(nowNanos);
    }
}
