package io.stagedoor.admission.parking;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The accounts parked in each event's room, with why, shared by every instance: a join checks it, a rule that flags an
 * account adds to it, an operator reads it and releases from it. Bounded: past {@code most} accounts an event's list
 * keeps no more (a flagged join is still parked, and its flag is still recorded where flags are).
 */
public interface ParkedAccounts {

    /** Why {@code accountId} is parked in {@code eventId}'s room; empty when it is not. */
    CompletionStage<Optional<String>> reasonOf(String eventId, String accountId);

    /** Parks {@code accountId} for {@code reason}; completes with whether it was not parked before (its first reason stays). */
    CompletionStage<Boolean> park(String eventId, String accountId, String reason);

    /** Lets {@code accountId} wait for real again; completes with whether it was parked. */
    CompletionStage<Boolean> release(String eventId, String accountId);

    /** Up to {@code most} parked accounts of the event with their reasons, in no set order. */
    CompletionStage<Map<String, String>> list(String eventId, int most);
}
