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
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

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
    private static final Duration GIVE_BACK_PAUSE = Duration.ofMillis(200);

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

    /**
     * Gives back the code a join spent and then got no place with: in the book first (tried {@value #GIVE_BACK_TRIES}
     * times, {@link #GIVE_BACK_PAUSE} apart), completing once it is back or every try failed, so the answer waits for
     * it; then on the record. A give-back the record lacks makes the buyer's next session look like a second one to
     * the audit, which is the lesser harm: a code left spent would refuse the buyer.
     */
    public CompletionStage<Void> giveBack(EventDefinition event, String buyerId) {
        return giveBack(event.eventId(), buyerId, GIVE_BACK_TRIES).thenRun(() -> journal.record(
                PresaleRecord.returned(event.eventId(), buyerId, clock.instant())));
    }

    private CompletionStage<Void> giveBack(String eventId, String buyerId, int tries) {
        return presales.giveBack(eventId, buyerId).handle((back, failed) -> failed == null || tries <= 1
                ? CompletableFuture.<Void>completedFuture(null)
                : CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(
                        GIVE_BACK_PAUSE.toMillis(), TimeUnit.MILLISECONDS))
                        .thenCompose(paused -> giveBack(eventId, buyerId, tries - 1)))
                .thenCompose(next -> next);
    }
}
