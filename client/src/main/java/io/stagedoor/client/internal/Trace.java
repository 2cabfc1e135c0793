package io.stagedoor.client.internal;

import io.stagedoor.client.CallStats;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The running account of one logical call: its deadline, and the figures that become its {@link CallStats}. It also
 * checks, on every request sent after a {@code Retry-After}, that the request is no earlier than the answer plus
 * the wait: the client's own proof that it honoured the service.
 *
 * <p>One call's steps run one after another on whatever thread completed the previous step; the methods are
 * synchronized so that each step sees the last one's writes without relying on how the futures were chained.
 */
public final class Trace {

    private final Clock clock;
    private final Instant start;
    private final Instant deadline;
    private int attempts;
    private int rateLimited;
    private int overloaded;
    private int connectionFailures;
    private int retryAfterWaits;
    private Duration waited = Duration.ZERO;
    private Duration retryAfterAsked = Duration.ZERO;
    private boolean honoured = true;
    private Instant lastAnswerAt;
    private boolean waiting;
    private Instant notBefore;

    private Trace(Clock clock, Instant start, Instant deadline) {
        this.clock = clock;
        this.start = start;
        this.deadline = deadline;
    }

    /** A call that starts now and may take {@code budget}. */
    public static Trace start(Clock clock, Duration budget) {
        Instant now = clock.instant();
        return new Trace(clock, now, now.plus(budget));
    }

    public Instant now() {
        return clock.instant();
    }

    public Instant deadline() {
        return deadline;
    }

    /** A request is about to go out; returns when. */
    public synchronized Instant sending() {
        Instant now = clock.instant();
        attempts++;
        if (waiting) {
            waited = waited.plus(Duration.between(lastAnswerAt, now));
            waiting = false;
        }
        if (notBefore != null && now.isBefore(notBefore)) {
            honoured = false;
        }
        notBefore = null;
        return now;
    }

    /** An answer with {@code status} arrived; returns when. */
    public synchronized Instant answered(int status) {
        lastAnswerAt = clock.instant();
        if (status == 429) {
            rateLimited++;
        } else if (status == 503) {
            overloaded++;
        }
        return lastAnswerAt;
    }

    /** A request got no answer; returns when that was known. */
    public synchronized Instant failed() {
        lastAnswerAt = clock.instant();
        connectionFailures++;
        return lastAnswerAt;
    }

    /** The client will wait {@code wait} from the last answer before the next request; {@code asked} if the service said so. */
    public synchronized void waiting(Duration wait, boolean asked) {
        waiting = true;
        if (asked) {
            retryAfterWaits++;
            retryAfterAsked = retryAfterAsked.plus(wait);
            notBefore = lastAnswerAt.plus(wait);
        }
    }

    /** What the call cost so far. */
    public synchronized CallStats total() {
        return new CallStats(attempts, rateLimited, overloaded, connectionFailures, waited, retryAfterWaits,
                retryAfterAsked, honoured, Duration.between(start, clock.instant()));
    }
}
