package io.stagedoor.admission.puzzle;

import java.util.concurrent.CompletionStage;

/**
 * Where spent puzzle solutions are remembered until their challenge expires, shared by every instance, so a solution
 * lets one join in, on any instance. Each entry lives no longer than a challenge's lifetime, so the store holds at
 * most the joins of one lifetime.
 */
public interface SpentPuzzles {

    /** Marks the challenge {@code id} spent until {@code untilMillis}; true when it was not spent before. */
    CompletionStage<Boolean> spend(String id, long untilMillis);

    /** Forgets that {@code id} was spent. */
    CompletionStage<Void> forget(String id);
}
