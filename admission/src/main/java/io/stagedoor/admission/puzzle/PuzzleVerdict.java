package io.stagedoor.admission.puzzle;

/** What a presented puzzle solution is worth. Only {@link #SOLVED} lets a join in. */
public enum PuzzleVerdict {
    /** Genuine, this buyer's for this event, in time, with the work done, and not spent before. */
    SOLVED,
    /** No solution was presented. */
    MISSING,
    /** Not a challenge and a counter, or a challenge whose tag does not match: never issued by any instance. */
    FORGED,
    /** Issued to another buyer or for another event. */
    NOT_YOURS,
    /** Issued, but its lifetime is over. */
    EXPIRED,
    /** The counter's hash has fewer leading zero bits than the challenge asks. */
    UNSOLVED,
    /** Already used for a join. */
    SPENT
}
