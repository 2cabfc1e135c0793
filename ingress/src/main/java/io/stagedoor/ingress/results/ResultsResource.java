package io.stagedoor.ingress.results;

import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ids.CorrelationIds;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code GET /v1/results/{id}}: 200 with the outcome; 202 with Retry-After while pending; 404 for an id that is
 * unknown or another principal's (the same answer, so ids cannot be probed); 410 for an id older than the window.
 * {@code Prefer: wait=N} (RFC 7240, N ≤ 30) holds the poll, without a thread, until the result lands or N seconds
 * pass.
 *
 * <p>One principal holds at most {@code slots.perPrincipal()} polls waiting at once. A poll past that is answered at
 * once as if it had asked no wait (the result, or 202 with Retry-After) and without {@code Preference-Applied}:
 * RFC 7240 lets a server decline a preference, and declining is the honest answer here. The caller did nothing
 * wrong that a 429 would name, and what it asked for (the state of its result) is given in full and at once; only
 * the holding, which costs this instance a slot, is withheld. The view's global bound still answers 503 when every
 * slot of every principal is taken.
 */
@Path("/v1/results")
@Produces(MediaType.APPLICATION_JSON)
public final class ResultsResource {

    /** The longest long poll a client may ask for, in seconds. */
    public static final int MAX_WAIT_SECONDS = 30;

    private final ResultsView view;
    private final PollSlots slots;
    private final CorrelationIds ids;
    private final Clock clock;

    public ResultsResource(ResultsView view, PollSlots slots, CorrelationIds ids, Clock clock) {
        this.view = view;
        this.slots = slots;
        this.ids = ids;
        this.clock = clock;
    }

    @GET
    @Path("{correlationId}")
    @Authenticated(Role.BUYER)
    public CompletionStage<Response> get(@PathParam("correlationId") String correlationId,
                                         @HeaderParam("Prefer") String prefer,
                                         @Context SecurityContext security) {
        Caller caller = AuthenticationRing.caller(security);
        Duration wait = PreferWait.parse(prefer).map(Duration::ofSeconds).orElse(Duration.ZERO);
        Instant issuedAt = ids.issuedAt(correlationId, caller.id())
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.RESULT_NOT_FOUND));
        Optional<Result> known = view.find(correlationId);
        if (known.isPresent()) {
            return CompletableFuture.completedFuture(ok(known.get(), prefer != null));
        }
        boolean timeKnown = !issuedAt.equals(CorrelationIds.UNKNOWN_TIME);
        if (timeKnown && issuedAt.plus(view.window()).isBefore(clock.instant())) {
            throw ProblemException.of(ProblemType.GONE, IngressMessages.resultGone(view.window().toString()));
        }
        if (wait.isZero()) {
            return CompletableFuture.completedFuture(now(correlationId, prefer != null));
        }
        Optional<PollSlots.Slot> slot = slots.tryTake(caller.id());
        if (slot.isEmpty()) {
            return CompletableFuture.completedFuture(now(correlationId, false));
        }
        CompletableFuture<Optional<Result>> waited = view.await(correlationId, wait)
                .whenComplete((result, error) -> slot.get().release());
        return waited.handle((result, error) -> {
            if (error != null) {
                return Problems.response(Problem.of(ProblemType.SERVICE_OVERLOADED, error.getMessage()).withRetryAfter(1));
            }
            return result.map(r -> ok(r, prefer != null)).orElseGet(() -> pending(correlationId, prefer != null));
        });
    }

    /** The answer without waiting: the result if it has landed, else pending. */
    private Response now(String correlationId, boolean preferApplied) {
        return view.find(correlationId).map(r -> ok(r, preferApplied))
                .orElseGet(() -> pending(correlationId, preferApplied));
    }

    private static Response ok(Result result, boolean preferApplied) {
        Response.ResponseBuilder builder = Response.ok(ResultBody.of(result));
        return applied(builder, preferApplied).build();
    }

    private static Response pending(String correlationId, boolean preferApplied) {
        Response.ResponseBuilder builder = Response.accepted(ResultBody.pending(correlationId))
                .header(HttpHeaders.RETRY_AFTER, 1);
        return applied(builder, preferApplied).build();
    }

    private static Response.ResponseBuilder applied(Response.ResponseBuilder builder, boolean preferApplied) {
        return preferApplied ? builder.header("Preference-Applied", "wait") : builder;
    }
}
