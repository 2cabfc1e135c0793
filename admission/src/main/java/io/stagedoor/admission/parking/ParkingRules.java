package io.stagedoor.admission.parking;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;

/**
 * Whether a join goes to the parked lane: an account already parked stays parked (until an operator releases it), and
 * one the address-crowd rule flags ({@link AddressCrowds}) is parked from then on, its first reason kept. Two store
 * calls a join (the list, then the crowd), one more for each flag. Thread-safe.
 */
public final class ParkingRules {

    /**
     * A join's verdict.
     *
     * @param reason     why the account is parked; null when it is not
     * @param flaggedNow whether this join flagged it (so the flag is to be recorded), not an earlier one
     */
    public record Verdict(String reason, boolean flaggedNow) {

        static final Verdict FREE = new Verdict(null, false);

        public boolean parked() {
            return reason != null;
        }
    }

    private final ParkedAccounts parked;
    private final CrowdCounts crowds;
    private final LongSupplier clock;

    /** @param clock epoch milliseconds */
    public ParkingRules(ParkedAccounts parked, CrowdCounts crowds, LongSupplier clock) {
        this.parked = parked;
        this.crowds = crowds;
        this.clock = clock;
    }

    /**
     * Judges {@code accountId} joining {@code eventId}'s room from {@code address}, counting it in its network's crowd
     * of the window: more than {@code most} accounts from one network within {@code window} are flagged.
     */
    public CompletionStage<Verdict> judge(String eventId, String address, String accountId, int most, Duration window) {
        return parked.reasonOf(eventId, accountId).thenCompose(reason -> {
            if (reason.isPresent()) {
                return CompletableFuture.completedFuture(new Verdict(reason.get(), false));
            }
            return new AddressCrowds(crowds, most, window, clock).joined(eventId, address, accountId)
                    .thenCompose(flag -> flag.isEmpty() ? CompletableFuture.completedFuture(Verdict.FREE)
                            : park(eventId, accountId, flag.get()));
        });
    }

    /** Parks {@code accountId} by an operator's hand (or a rule's): completes with whether it was not parked before. */
    public CompletionStage<Boolean> parkByHand(String eventId, String accountId, String why) {
        return parked.park(eventId, accountId, ParkingReasons.byOperator(why));
    }

    /** Lets {@code accountId} wait for real again: its next join takes a place at the back of the queue. */
    public CompletionStage<Boolean> release(String eventId, String accountId) {
        return parked.release(eventId, accountId);
    }

    /** Up to {@code most} parked accounts of the event, with why. */
    public CompletionStage<Map<String, String>> parked(String eventId, int most) {
        return parked.list(eventId, most);
    }

    /** The flag stands even when the list could not keep it (full): the join is parked and the flag recorded. */
    private CompletionStage<Verdict> park(String eventId, String accountId, String reason) {
        return parked.park(eventId, accountId, reason).handle((added, error) -> new Verdict(reason, true));
    }
}
