package io.stagedoor.audit.check;

/** How a check came out. Only {@link #FAILED} fails the audit. */
public enum CheckStatus {
    /** Every record judged kept the promise. */
    PASSED,
    /** At least one record broke it; the offenses name them. */
    FAILED,
    /** Worth reading but not a failure (fallback periods). */
    NOTED,
    /** The window holds no record this check judges. */
    SKIPPED
}
