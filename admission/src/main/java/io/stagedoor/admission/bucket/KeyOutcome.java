package io.stagedoor.admission.bucket;

/**
 * What one bucket of a {@link BucketOutcome} looked like after the decision.
 *
 * @param remaining  whole tokens left (after the take when admitted, untouched when refused)
 * @param waitMillis 0 when this bucket had {@code cost} tokens; otherwise the milliseconds, on the caller's
 *                   clock, until it will have them
 */
public record KeyOutcome(long remaining, long waitMillis) {

    public boolean sufficient() {
        return waitMillis == 0;
    }
}
