package io.stagedoor.admission.bucket;

import io.stagedoor.admission.AdmissionMessages;

/**
 * How bucket takes share script calls on one Redis connection (see {@link TakeCoalescer}).
 *
 * @param callsInFlight    script calls out at once; a take that finds them all out waits for the next; default 2
 * @param decisionsPerCall most takes one call carries; default 64 (about a quarter of a millisecond of Redis time)
 * @param waitingBound     most takes waiting for a call; past it a take fails at once (and the limiter falls
 *                         back); default 16,384
 */
public record CallCoalescing(int callsInFlight, int decisionsPerCall, int waitingBound) {

    public CallCoalescing {
        if (callsInFlight < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("script calls in flight", callsInFlight));
        }
        if (decisionsPerCall < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("decisions per call", decisionsPerCall));
        }
        if (waitingBound < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("waiting takes", waitingBound));
        }
    }

    public static CallCoalescing defaults() {
        return new CallCoalescing(2, 64, 16_384);
    }

    /** Every take its own call, sent at once: what a plain EVALSHA per decision does. */
    public static CallCoalescing none() {
        return new CallCoalescing(Integer.MAX_VALUE, 1, Integer.MAX_VALUE);
    }
}
