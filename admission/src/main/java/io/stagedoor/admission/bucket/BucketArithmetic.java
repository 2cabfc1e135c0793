package io.stagedoor.admission.bucket;

/**
 * The token-bucket arithmetic, in integer units (see {@link BucketRequest}). {@code bucket.lua} is a line
 * for line transcription of these functions; change both or neither.
 */
public final class BucketArithmetic {

    private BucketArithmetic() {
    }

    /**
     * The level at {@code nowMillis} of a bucket stored at {@code storedUnits} at {@code storedMillis}.
     * Elapsed time is never negative: a caller whose clock is behind gets no refill (and cannot drain what
     * an earlier clock would not have given).
     */
    public static long refilled(BucketRequest bucket, long storedUnits, long storedMillis, long nowMillis) {
        long capacity = bucket.capacityUnits();
        long level = Math.min(storedUnits, capacity);
        if (nowMillis <= storedMillis) {
            return level;
        }
        long elapsed = nowMillis - storedMillis;
        // Compare against the time to fill first, so elapsed x rate cannot overflow after a long idle.
        if (elapsed >= Math.ceilDiv(capacity - level, bucket.refillUnitsPerMilli())) {
            return capacity;
        }
        return level + elapsed * bucket.refillUnitsPerMilli();
    }

    /** The stored time after a decision: never earlier than it was. */
    public static long stamp(long storedMillis, long nowMillis) {
        return Math.max(storedMillis, nowMillis);
    }

    /**
     * Milliseconds from {@code nowMillis} until a bucket at {@code level} (as of {@code stampMillis}) holds the
     * cost; 0 when it already does. A caller whose clock is behind the stored time by a second or more has a
     * skewed clock, and its wait is measured from its own clock, so it is true on the key's time line; a caller less
     * than {@link #CONCURRENT_MILLIS} behind is a concurrent caller (another instance stored a few milliseconds
     * earlier), and its wait is measured from the stored time, since its answer leaves after that call anyway:
     * concurrent refusals then hear the same whole seconds.
     */
    public static long waitMillis(BucketRequest bucket, long level, long stampMillis, long nowMillis) {
        long missing = bucket.costUnits() - level;
        if (missing <= 0) {
            return 0;
        }
        long from = stampMillis - nowMillis < CONCURRENT_MILLIS ? stampMillis : nowMillis;
        return stampMillis + Math.ceilDiv(missing, bucket.refillUnitsPerMilli()) - from;
    }

    /** How far behind the stored time a caller may be and still count as concurrent (see {@link #waitMillis}). */
    public static final long CONCURRENT_MILLIS = 1_000;

    /**
     * How long an idle key lives: twice the time an empty bucket takes to fill. By then the bucket is full
     * whatever its level, so forgetting it changes no decision; the factor of two absorbs clock skew between
     * callers and the server that expires it.
     */
    public static long idleMillis(BucketRequest bucket) {
        return 2 * Math.ceilDiv(bucket.capacityUnits(), bucket.refillUnitsPerMilli());
    }
}
