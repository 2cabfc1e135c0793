package io.stagedoor.ingress.presale;

import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.presale.Presales;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.PresaleSettings;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The presale's side of a join: while an event's presale lasts, a join must carry an access code of the buyer's own
 * ({@value #CODE_HEADER}), granted and not used for another session; it is spent before the room is asked, and given
 * back when the join then gets no place.
 */
public final class PresaleGate {

    /** The header a join carries its presale access code in. */
    public static final String CODE_HEADER = "Presale-Code";

    /**
     * What a join's code came to.
     *
     * @param spent   whether this join spent a code (to be given back if it gets no place)
     * @param used    whether the code was used for a session already: a buyer holding that session's ticket may
     *                still be answered with it
     * @param refused the problem the join is refused with, else null
     */
    public record Verdict(boolean spent, boolean used, Problem refused) {

        static final Verdict NOT_ASKED = new Verdict(false, false, null);
    }

    /** Times a code's give-back is tried against the book, the join having failed because the book was slow. */
    private static final int GIVE_BACK_TRIES = 3;

    private final Presales presales;
    private final PresaleJournal journal;
    private final Clock clock;

    PresaleGate(Presales presales, PresaleJournal journal, Clock clock) {
        this.presales = presales;
        this.journal = journal;
        this.clock = clock;
    }

    /** Spends {@code code} for {@code buyerId}'s join of {@code event}'s room, when its presale asks for one now. */
    public CompletionStage<Verdict> spend(EventDefinition event, String buyerId, String code) {
        PresaleSettings presale = event.waitingRoom().presale();
        if (presale == null || !presale.asksForCodes(clock.instant())) {
            return CompletableFuture.completedFuture(Verdict.NOT_ASKED);
        }
        String at = "/v1/events/" + event.eventId() + "/queue";
        return presales.spend(event.eventId(), PresaleFeature.plan(presale), buyerId, code).handle((spend, error) -> {
            if (error != null) {
                return new Verdict(false, false, GuardedCalls.shed(error) ? Problems.overloadedProblem()
                        : Problem.of(ProblemType.SERVICE_UNAVAILABLE, PresaleMessages.presaleUnavailable())
                                .withRetryAfter(1));
            }
            return switch (spend) {
                case MISSING -> new Verdict(false, false,
                        Problem.of(ProblemType.PRESALE_CODE_REQUIRED, PresaleMessages.codeRequired()).at(at));
                case REFUSED -> new Verdict(false, false,
                        Problem.of(ProblemType.PRESALE_CODE_REFUSED, PresaleMessages.codeRefused()).at(at));
                case USED -> new Verdict(false, true,
                        Problem.of(ProblemType.PRESALE_CODE_REFUSED, PresaleMessages.codeUsed()).at(at));
                case SPENT -> {
                    journal.record(PresaleRecord.used(event.eventId(), buyerId, clock.instant()));
                    yield new Verdict(true, false, null);
                }
            };
        });
    }

    /** Gives back the code a join spent and then got no place with. */
    public void giveBack(EventDefinition event, String buyerId) {
        // on the record first, so the record does not show the next session as a second one; given back in the book
        // whatever the record said, since a code left spent would refuse the buyer
        journal.record(PresaleRecord.returned(event.eventId(), buyerId, clock.instant()))
                .whenComplete((recorded, unrecorded) -> giveBack(event.eventId(), buyerId, GIVE_BACK_TRIES));
    }

    private void giveBack(String eventId, String buyerId, int tries) {
        presales.giveBack(eventId, buyerId).exceptionally(failed -> {
            if (tries > 1) {
                giveBack(eventId, buyerId, tries - 1);
            }
            return null;
        });
    }
}
