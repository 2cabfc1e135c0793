package io.stagedoor.admission.limiter;

import io.stagedoor.admission.limit.LimitPolicy;

import java.util.Objects;

/**
 * The answer to one request over one or more limits: a value, never an exception.
 * <ul>
 *   <li>admitted: {@link #tightest()} is the limit with least {@link #remaining()} (for the RateLimit
 *       headers); {@link #refusedBy()} is null and {@link #retryAfterSeconds()} is 0;</li>
 *   <li>refused: {@link #refusedBy()} is the limit the caller must wait longest for, and
 *       {@link #retryAfterSeconds()} (at least 1) is when it will have the tokens;</li>
 *   <li>impossible: the cost exceeds the capacity of {@link #refusedBy()}; no wait would help, so
 *       {@link #retryAfterSeconds()} is 0 and the ingress answers with a 4xx for bad input;</li>
 *   <li>shed: this process was too overloaded to hear Redis in time while Redis answered, so nobody decided
 *       {@link #refusedBy()} (the first limit that applied); the ingress answers 503 with a Retry-After of
 *       {@link #SHED_RETRY_AFTER_SECONDS}, never admits unchecked.</li>
 * </ul>
 * {@link #counted()} says whether {@link #remaining()} is a count a bucket measured, which the caller may pass on.
 */
public final class Decision {

    /** The kinds of answer. */
    public enum Verdict { ADMITTED, REFUSED, IMPOSSIBLE, SHED }

    /** Seconds a shed caller is told to wait: this process's overload passes in about that. */
    public static final long SHED_RETRY_AFTER_SECONDS = 1;

    private final Verdict verdict;
    private final LimitPolicy tightest;
    private final long remaining;
    private final long retryAfterSeconds;
    private final DecisionSource source;
    private final long decidedAtMillis;
    /** What an admitting take of the limiter took, for {@link Limiter#giveBack}; null when nothing can be given. */
    private final TakenTokens taken;

    private Decision(Verdict verdict, LimitPolicy tightest, long remaining, long retryAfterSeconds,
                     DecisionSource source, long decidedAtMillis, TakenTokens taken) {
        this.verdict = verdict;
        this.tightest = Objects.requireNonNull(tightest, "tightest");
        this.remaining = remaining;
        this.retryAfterSeconds = retryAfterSeconds;
        this.source = Objects.requireNonNull(source, "source");
        this.decidedAtMillis = decidedAtMillis;
        this.taken = taken;
    }

    private Decision(Verdict verdict, LimitPolicy tightest, long remaining, long retryAfterSeconds,
                     DecisionSource source) {
        this(verdict, tightest, remaining, retryAfterSeconds, source, 0, null);
    }

    /**
     * The same decision, stamped with the clock the limiter decided it at (the clock the bucket store was given).
     * The audit replays decisions in the order of these stamps; a stamp taken later, when the decision is recorded,
     * would put decisions that waited longer for Redis after ones Redis took later.
     */
    public Decision at(long millis) {
        return new Decision(verdict, tightest, remaining, retryAfterSeconds, source, millis, taken);
    }

    /** The same decision, carrying what its take took (the limiter's own admitting decisions alone). */
    Decision taking(TakenTokens tokens) {
        return new Decision(verdict, tightest, remaining, retryAfterSeconds, source, decidedAtMillis, tokens);
    }

    /** What this decision took, or null when there is nothing to give back. Not part of equality. */
    TakenTokens taken() {
        return taken;
    }

    /** The clock the limiter decided at, or 0 when the decision was not stamped. Not part of equality. */
    public long decidedAtMillis() {
        return decidedAtMillis;
    }

    public static Decision admitted(LimitPolicy tightest, long remaining, DecisionSource source) {
        return new Decision(Verdict.ADMITTED, tightest, remaining, 0, source);
    }

    /** @param retryAfterSeconds raised to 1: a refusal always tells the caller to wait */
    public static Decision refused(LimitPolicy refusedBy, long remaining, long retryAfterSeconds,
                                   DecisionSource source) {
        return new Decision(Verdict.REFUSED, refusedBy, remaining, Math.max(1, retryAfterSeconds), source);
    }

    public static Decision impossible(LimitPolicy refusedBy) {
        return new Decision(Verdict.IMPOSSIBLE, refusedBy, 0, 0, DecisionSource.BAD_INPUT);
    }

    /** The request that could not be decided in time because this process was overloaded. */
    public static Decision shed(LimitPolicy limit) {
        return new Decision(Verdict.SHED, limit, 0, SHED_RETRY_AFTER_SECONDS, DecisionSource.OVERLOADED);
    }

    /** Whole seconds until {@code waitMillis} have passed, at least 1 (Retry-After has no fractions). */
    public static long retryAfterSeconds(long waitMillis) {
        return Math.max(1, Math.ceilDiv(waitMillis, 1000));
    }

    public Verdict verdict() {
        return verdict;
    }

    public boolean admitted() {
        return verdict == Verdict.ADMITTED;
    }

    public boolean impossible() {
        return verdict == Verdict.IMPOSSIBLE;
    }

    public boolean shed() {
        return verdict == Verdict.SHED;
    }

    /**
     * Whole tokens left in {@link #tightest()}, when {@link #counted()}; otherwise no count: a fail-open admission
     * carries the most its limit could have left (capacity less cost), a shed request 0.
     */
    public long remaining() {
        return remaining;
    }

    /** The limit that shapes the answer: least remaining when admitted, the refusing limit otherwise. */
    public LimitPolicy tightest() {
        return tightest;
    }

    /** The limit that refused, or null when admitted. */
    public LimitPolicy refusedBy() {
        return verdict == Verdict.ADMITTED ? null : tightest;
    }

    /** Whether {@link #remaining()} is a count a bucket measured ({@link DecisionSource#counted()}). */
    public boolean counted() {
        return source.counted();
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public DecisionSource source() {
        return source;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Decision that && verdict == that.verdict && tightest.equals(that.tightest)
                && remaining == that.remaining && retryAfterSeconds == that.retryAfterSeconds
                && source == that.source;
    }

    @Override
    public int hashCode() {
        return Objects.hash(verdict, tightest, remaining, retryAfterSeconds, source);
    }

    @Override
    public String toString() {
        return verdict + "(" + tightest.name() + ", remaining=" + remaining + ", retryAfter=" + retryAfterSeconds
                + "s, source=" + source + ")";
    }
}
