package io.stagedoor.harness.chaos;

/** Where a scenario stands when a request is sent: latencies are compared between them. */
enum FaultPhase {
    /** Steady load, nothing broken: the baseline. */
    BEFORE,
    /** The fault is in place. */
    FAULT,
    /** The part is back; the pipeline catches up. */
    AFTER
}
