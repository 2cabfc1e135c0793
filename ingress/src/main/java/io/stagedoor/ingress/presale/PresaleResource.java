package io.stagedoor.ingress.presale;

import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.presale.Presales;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.PresaleSettings;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * A buyer's side of an event's presale. {@code POST /v1/events/{eventId}/presale/registration} registers the caller
 * while registration is open (201, 200 when already registered; 403 {@code presale-closed} outside the window); the
 * registration is on the presale topic before it is answered. {@code GET /v1/events/{eventId}/presale} tells where
 * the caller stands ({@code not-registered}, {@code registered}, {@code won}, {@code wait-listed},
 * {@code from-wait-list}, {@code expired}), with their access code while they hold one they may use.
 */
@Path("/v1/events/{eventId}/presale")
public final class PresaleResource {

    private final PresaleEvents events;
    private final Presales presales;
    private final PresaleJournal journal;
    private final Clock clock;

    PresaleResource(PresaleEvents events, Presales presales, PresaleJournal journal, Clock clock) {
        this.events = events;
        this.presales = presales;
        this.journal = journal;
        this.clock = clock;
    }

    /** Where a buyer stands in an event's presale, and its key times. */
    record StandingBody(String eventId, String status, String code, Instant registerUntil, Instant drawAt,
                        Instant codesUsedBy, Instant until) {
    }

    @POST
    @Path("registration")
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    public CompletionStage<Response> register(@PathParam("eventId") String eventId,
                                              @Context SecurityContext security) {
        PresaleSettings presale = events.presale(eventId);
        Instant now = clock.instant();
        if (!presale.registering(now)) {
            throw ProblemException.of(ProblemType.PRESALE_CLOSED,
                    PresaleMessages.registrationClosed(presale.registerFrom(), presale.registerUntil()));
        }
        String buyer = AuthenticationRing.caller(security).id();
        return journal.record(PresaleRecord.registered(eventId, buyer, now)).toCompletableFuture()
                .orTimeout(PresaleFeature.RECORD_WITHIN.toMillis(), TimeUnit.MILLISECONDS)
                .thenCompose(recorded -> presales.register(eventId, buyer))
                .thenCompose(added -> presales.standing(eventId, PresaleFeature.plan(presale), buyer)
                        .thenApply(standing -> {
                            if (!added && standing.status() == Presales.Status.NOT_REGISTERED) {
                                return Problems.response(Problem.of(ProblemType.PRESALE_CLOSED,
                                        PresaleMessages.registrationFull()));
                            }
                            return Response.status(added ? Response.Status.CREATED : Response.Status.OK)
                                    .entity(body(eventId, presale, standing)).type(MediaType.APPLICATION_JSON_TYPE)
                                    .build();
                        }))
                .exceptionally(PresaleResource::unanswered);
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    public CompletionStage<Response> standing(@PathParam("eventId") String eventId,
                                              @Context SecurityContext security) {
        PresaleSettings presale = events.presale(eventId);
        String buyer = AuthenticationRing.caller(security).id();
        return presales.standing(eventId, PresaleFeature.plan(presale), buyer)
                .thenApply(standing -> Response.ok(body(eventId, presale, standing), MediaType.APPLICATION_JSON_TYPE)
                        .header(HttpHeaders.CACHE_CONTROL, "no-store").build())
                .exceptionally(PresaleResource::unanswered);
    }

    private static StandingBody body(String eventId, PresaleSettings presale, Presales.Standing standing) {
        return new StandingBody(eventId, standing.status().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                standing.code(), presale.registerUntil(), presale.drawAt(), presale.codesUsedBy(), presale.until());
    }

    /**
     * The shared store or the broker did not answer: nothing is promised, so trying again is safe. A refusal raised
     * on the way ({@link ProblemException}) is answered as itself.
     */
    static Response unanswered(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null
                ? error.getCause() : error;
        if (cause instanceof ProblemException refused) {
            return Problems.response(refused.problem());
        }
        return GuardedCalls.shed(error) ? Problems.overloaded() : Problems.response(Problem.of(
                ProblemType.SERVICE_UNAVAILABLE, PresaleMessages.presaleUnavailable()).withRetryAfter(1));
    }
}
