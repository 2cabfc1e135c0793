package io.stagedoor.admission.presale;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * An event's presale as every instance shares it: who registered, the draw once it ran, and which accounts have used
 * their code. The draw is kept as its cut-offs ({@link PresaleDraw}), so whether an account holds a code is worked
 * out from its lottery ticket, not stored per account.
 */
public interface PresaleBook {

    /** Registers {@code accountId}; completes with whether it is new (false when already registered or full). */
    CompletionStage<Boolean> register(String eventId, String accountId);

    /** Whether {@code accountId} registered. */
    CompletionStage<Boolean> registered(String eventId, String accountId);

    /** How many accounts registered. */
    CompletionStage<Long> registeredCount(String eventId);

    /** Every registered account, in no set order. */
    CompletionStage<List<String>> registrants(String eventId);

    /** A draw that stands, and whether the call that answers kept it. */
    record Kept(PresaleDraw draw, boolean now) {
    }

    /** Keeps {@code draw} unless one is kept already; completes with the draw that stands. */
    CompletionStage<Kept> keepDraw(String eventId, PresaleDraw draw);

    /** Passes codes to the wait-list up to ticket {@code upTo}, unless it was passed codes already; the draw that stands. */
    CompletionStage<Kept> keepWaitList(String eventId, String upTo);

    /** The draw that stands, if the lottery ran. */
    CompletionStage<Optional<PresaleDraw>> draw(String eventId);

    /** Marks {@code accountId}'s code used; completes with whether it was unused (so this use is the one). */
    CompletionStage<Boolean> use(String eventId, String accountId);

    /** Forgets a use whose join got no place, so the code is not lost to a refusal that was not about it. */
    CompletionStage<Void> giveBack(String eventId, String accountId);

    /** How many codes were used. */
    CompletionStage<Long> used(String eventId);
}
