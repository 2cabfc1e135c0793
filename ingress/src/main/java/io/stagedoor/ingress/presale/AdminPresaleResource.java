package io.stagedoor.ingress.presale;

import io.stagedoor.admission.presale.PresaleDraw;
import io.stagedoor.admission.presale.Presales;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.PresaleSettings;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An event's presale, for operators. {@code GET …/presale} shows registrations, the draw (its seed, codes, and how far
 * the wait-list reached) and codes used. {@code POST …/presale/draw} runs the lottery once {@code drawAt} has passed
 * (403 {@code presale-closed} before): the first call draws and records the draw and every code granted on the
 * presale topic, later calls answer the draw that stands. {@code POST …/presale/wait-list}, once {@code codesUsedBy}
 * has passed, passes the codes winners left unused to the next registrants in lottery order, once.
 */
@AdminListener
@Path("/v1/admin/events/{eventId}/presale")
@Authenticated(Role.OPERATOR)
public final class AdminPresaleResource {

    private final PresaleEvents events;
    private final Presales presales;
    private final PresaleJournal journal;
    private final Clock clock;

    AdminPresaleResource(PresaleEvents events, Presales presales, PresaleJournal journal, Clock clock) {
        this.events = events;
        this.presales = presales;
        this.journal = journal;
        this.clock = clock;
    }

    /**
     * An event's presale as it stands.
     *
     * @param granted the codes this call granted (0 when another call had drawn or passed them)
     */
    record PresaleBody(String eventId, long registered, boolean drawn, String seed, Long codes, Long registrants,
                       boolean waitListPassed, long used, int granted) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> status(@PathParam("eventId") String eventId) {
        events.presale(eventId);
        return answer(eventId, presales.drawOf(eventId), 0);
    }

    @POST
    @Path("draw")
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> draw(@PathParam("eventId") String eventId) {
        PresaleSettings presale = events.presale(eventId);
        Instant now = clock.instant();
        if (now.isBefore(PresaleFeature.drawFrom(presale))) {
            throw ProblemException.of(ProblemType.PRESALE_CLOSED,
                    PresaleMessages.notDrawnYet(PresaleFeature.drawFrom(presale)));
        }
        return presales.draw(eventId, PresaleFeature.plan(presale)).thenCompose(drawn ->
                journal.recordAll(drawSteps(eventId, drawn, now)).thenCompose(recorded -> answer(eventId,
                        CompletableFuture.completedFuture(Optional.of(drawn.draw())),
                        drawn.now() ? drawn.granted().size() : 0)))
                .exceptionally(PresaleResource::unanswered);
    }

    @POST
    @Path("wait-list")
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> waitList(@PathParam("eventId") String eventId) {
        PresaleSettings presale = events.presale(eventId);
        Instant now = clock.instant();
        if (now.isBefore(presale.codesUsedBy())) {
            throw ProblemException.of(ProblemType.PRESALE_CLOSED,
                    PresaleMessages.waitListNotYet(presale.codesUsedBy()));
        }
        return presales.passToWaitList(eventId, PresaleFeature.plan(presale)).thenCompose(passed -> {
            if (passed.isEmpty()) {
                throw ProblemException.of(ProblemType.PRESALE_CLOSED, PresaleMessages.notDrawnYet(presale.drawAt()));
            }
            Presales.Drawn drawn = passed.get();
            return journal.recordAll(waitListSteps(eventId, drawn, now)).thenCompose(recorded ->
                    answer(eventId, CompletableFuture.completedFuture(Optional.of(drawn.draw())),
                            drawn.now() ? drawn.granted().size() : 0));
        }).exceptionally(PresaleResource::unanswered);
    }

    /**
     * What a draw is recorded as: the draw, then a grant per winner. An operator's call writes them whoever drew, so
     * a draw whose first writing failed can be written again (the audit reads the first of each).
     */
    static List<PresaleRecord> drawSteps(String eventId, Presales.Drawn drawn, Instant now) {
        List<PresaleRecord> steps = new ArrayList<>();
        steps.add(PresaleRecord.drawn(eventId, drawn.draw().seedHex(), drawn.draw().codes(),
                drawn.draw().registrants(), now));
        steps.addAll(grants(eventId, drawn.granted(), 0, 0, now));
        return steps;
    }

    /** What a pass to the wait-list is recorded as: a grant per account it reached, counted on from the winners. */
    static List<PresaleRecord> waitListSteps(String eventId, Presales.Drawn drawn, Instant now) {
        long winners = Math.min(drawn.draw().codes(), drawn.draw().registrants());
        return grants(eventId, drawn.granted(), 1, winners, now);
    }

    /** A granted record for each account, its place in lottery order counted on from {@code before}. */
    private static List<PresaleRecord> grants(String eventId, List<String> accounts, int round, long before,
                                              Instant at) {
        List<PresaleRecord> steps = new ArrayList<>(accounts.size());
        for (int i = 0; i < accounts.size(); i++) {
            steps.add(PresaleRecord.granted(eventId, accounts.get(i), before + i + 1, round, at));
        }
        return steps;
    }

    private CompletionStage<Response> answer(String eventId, CompletionStage<Optional<PresaleDraw>> draw, int granted) {
        CompletableFuture<Optional<PresaleDraw>> stood = draw.toCompletableFuture();
        CompletableFuture<Long> registered = presales.registered(eventId).toCompletableFuture();
        CompletableFuture<Long> used = presales.used(eventId).toCompletableFuture();
        return CompletableFuture.allOf(stood, registered, used).thenApply(all -> {
            PresaleBody body = stood.join().map(d -> new PresaleBody(eventId, registered.join(), true, d.seedHex(),
                    d.codes(), d.registrants(), d.waitList().isPresent(), used.join(), granted))
                    .orElse(new PresaleBody(eventId, registered.join(), false, null, null, null, false, used.join(),
                            granted));
            return Response.ok(body, MediaType.APPLICATION_JSON_TYPE).build();
        });
    }
}
