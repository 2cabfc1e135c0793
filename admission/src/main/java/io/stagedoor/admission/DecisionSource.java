package io.stagedoor.admission;

import java.util.Locale;

/**
 * Who took a {@link Decision}. Every value but {@link #REDIS} and {@link #IN_PROCESS} is worth watching.
 */
public enum DecisionSource {
    /** The Redis bucket script: the normal path of a multi-instance deployment. */
    REDIS,
    /** The in-process bucket store of a single-instance deployment. */
    IN_PROCESS,
    /** A refusal this instance remembered, answered without a round trip. */
    REFUSAL_CACHE,
    /** Redis was unavailable and the limit fails open: admitted and counted. */
    FALLBACK_OPEN,
    /** Redis was unavailable and the limit was decided by an in-process bucket. */
    FALLBACK_LOCAL,
    /** Only shadow limits applied: they decide and count but never refuse. */
    SHADOW,
    /** The request can never be admitted (cost above capacity); not a refusal, bad input. */
    BAD_INPUT;

    /** Made once: every decision is counted under its source's tag. */
    private final String tag = name().toLowerCase(Locale.ROOT);

    /** Lowercase, for metric tags. */
    public String tag() {
        return tag;
    }
}
