package io.stagedoor.admission.limit;

/**
 * What a limit does while Redis cannot answer. "Fail open for fairness, fail closed for capacity."
 */
public enum WhenUnavailable {
    /** Admit, and count the admission as a fallback: right for limits that protect fairness between users. */
    FAIL_OPEN,
    /** Decide with a bucket in this process: right for limits that protect our own CPU (login hashing). */
    LOCAL_BUCKET
}
