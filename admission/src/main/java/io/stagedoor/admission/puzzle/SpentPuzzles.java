package io.stagedoor.admission.puzzle;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Where spent puzzle solutions are remembered until their challenge expires, shared by every instance, so a solution
 * lets one join in, on any instance. Each entry lives no longer than a challenge's lifetime, so the store holds at
 * most the joins of one lifetime.
 */
public interface SpentPuzzles {

    /**
     * Marks the challenge {@code id} spent for {@code keptFor} (what is left of its lifetime, by the issuer's clock: the
     * store's own clock may be another); true when it was not spent before.
     */
    CompletionStage<Boolean> spend(String id, Duration keptFor);

    /** Forgets that {@code id} was spent. */
    CompletionStage<Void> forget(String id);
}
