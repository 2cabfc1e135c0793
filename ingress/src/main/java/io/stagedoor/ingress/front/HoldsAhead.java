package io.stagedoor.ingress.front;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.waitingroom.PassVerdict;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.events.RequestedEvent;
import io.stagedoor.ingress.holds.Accepted;
import io.stagedoor.ingress.holds.HoldAcceptance;
import io.stagedoor.ingress.holds.HoldRequest;
import io.stagedoor.ingress.holds.HoldRequests;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemMappers;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.RequestTrace;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.ingress.waitingroom.PassGate;
import io.stagedoor.ingress.waitingroom.WaitingRoomFeature;
import io.stagedoor.ingress.rings.PrincipalLimitRing;
import io.stagedoor.topics.EventDefinition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.glassfish.grizzly.http.Cookie;
import org.glassfish.grizzly.http.server.Request;

/**
 * The hold route ahead of Jersey, in the order of Jersey's rings: authentication, the buyer's share of the door, the
 * waiting-room pass while the event's room is on, the hold read and validated, the buyer's and organizer's limits
 * decided without waiting, and an admitted hold accepted ({@link HoldAcceptance}) and answered 202 on the thread that
 * heard the broker. It takes only the requests it can answer exactly as Jersey's rings would ({@link JsonPostRoute},
 * with its whole body arrived); any other goes on to Jersey untouched, where the same rings answer it. Each refusal is
 * the one Jersey's ring gives, at the same point: 401 without a valid token, 429 past the buyer's share, 404 for an
 * unknown event, 403 without a good pass, 400/413/422 for a body that is not a valid hold, 422 for one no wait would
 * admit, 429 or 503 from the limiter. The pass is checked before the limiter is asked, so a hold refused for its pass
 * spends none of the buyer's or the organizer's tokens; a genuine pass's session check waits for the room's store
 * without a thread (the body was copied first, and is read when the answer arrives).
 *
 * <p>A hold whose limits the front could not hear in time goes on to Jersey, with what the front learned riding on
 * it as properties (the proven caller, the share's permit, the event, that the pass was checked, the validated hold);
 * the rings inside see them and do not repeat the work, and the principal ring decides the limits once.
 */
public final class HoldsAhead implements RouteAhead {

    private static final Pattern PATH = Pattern.compile("/v1/events/" + JsonPostRoute.SEGMENT + "/holds");

    private final JsonPostRoute route;
    private final BuyerEntry buyers;
    private final HoldRequests holds;
    private final Supplier<Limits> limits;
    private final Decisions decisions;
    private final WaitingRoom room;
    private final IngressMetrics metrics;
    private final HoldAcceptance acceptance;

    /**
     * @param adminPort  the admin listener's port: holds are served on the public one alone
     * @param principals the principals' shares of the door, the bound Jersey's share ring counts in too
     * @param room       the waiting room whose passes the hold route asks for while an event's room is on
     * @param acceptance what becomes of an admitted hold, as Jersey's resource has it
     */
    public HoldsAhead(IntSupplier adminPort, BuyerTokens tokens, KeyedConcurrencyBound principals,
                      HoldRequests holds, Supplier<Limits> limits, Decisions decisions, WaitingRoom room,
                      HoldAcceptance acceptance, IngressMetrics metrics) {
        this.acceptance = acceptance;
        this.route = new JsonPostRoute(PATH, adminPort, holds.maxBodyBytes());
        this.room = room;
        this.buyers = new BuyerEntry(tokens, principals, metrics);
        this.holds = holds;
        this.limits = limits;
        this.decisions = decisions;
        this.metrics = metrics;
    }

    @Override
    public CompletionStage<Optional<FrontReply>> ahead(Request request) {
        Optional<String> eventId = route.pathId(request);
        if (eventId.isEmpty() || !route.arrived(request)) {
            return null;
        }
        BuyerEntry.Entry entry = buyers.enter(request, "holds");
        if (entry.refused() != null) {
            return answered(entry.refused());
        }
        Caller caller = entry.caller();
        Optional<EventDefinition> event = holds.event(eventId.get());
        if (event.isEmpty()) {
            return answered(ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.unknownEvent(eventId.get())),
                    request);
        }
        RequestedEvent.attach(request, event.get());
        byte[] body = route.body(request);
        return passChecked(request, event.get(), caller).thenCompose(refused -> refused.isPresent()
                ? answered(refused.get(), request) : limited(request, event.get(), caller, body));
    }

    /** Empty when the event's room is off or the pass is good (then marked on the request), else the 403. */
    private CompletionStage<Optional<ProblemException>> passChecked(Request request, EventDefinition event,
                                                                    Caller caller) {
        if (!event.waitingRoom().enabled()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        Cookie cookie = cookie(request, WaitingRoomFeature.PASS_COOKIE);
        String pass = PassGate.pass(request.getHeader(WaitingRoomFeature.PASS_HEADER),
                cookie == null ? null : cookie.getValue());
        return room.checkLater(pass, event.eventId(), caller.id()).thenApply(verdict -> {
            if (verdict != PassVerdict.VALID) {
                return Optional.of(PassGate.refusal(verdict, event.eventId()));
            }
            request.setAttribute(PassGate.CHECKED, Boolean.TRUE);
            return Optional.empty();
        });
    }

    /**
     * The hold read from its copied body and validated, then the buyer's and the organizer's limits decided, then an
     * admitted hold accepted. A stage that fails before the limits decided hands the hold to Jersey's rings.
     */
    private CompletionStage<Optional<FrontReply>> limited(Request request, EventDefinition event, Caller caller,
                                                          byte[] body) {
        HoldRequest hold;
        try {
            hold = holds.read(event, body);
        } catch (ProblemException invalid) {
            return answered(invalid, request);
        }
        request.setAttribute(HoldRequests.PROPERTY, hold);
        List<LimitCheck> checks = limits.get().checks(LimitedRoute.HOLDS, hold.subject(caller.id()));
        if (checks.isEmpty()) {
            return accepted(request, caller, hold, Map.of()); // no limit declared on holds
        }
        return decisions.decideLater(checks, LimitedRoute.HOLDS).thenCompose(decision -> decision.admitted()
                ? accepted(request, caller, hold, decisions.fields(decision))
                : CompletableFuture.completedFuture(Optional.of(refusal(request, checks, decision))));
    }

    /**
     * An admitted hold accepted as Jersey's resource accepts it ({@link HoldAcceptance}): 202 once the broker took it,
     * else the problem that stopped it, each with the admitting decision's RateLimit fields as Jersey adds them. The
     * stage never fails: the limits have charged the hold, so Jersey must not decide it again.
     */
    private CompletionStage<Optional<FrontReply>> accepted(Request request, Caller caller, HoldRequest hold,
                                                           Map<String, String> fields) {
        CompletableFuture<Accepted.Outcome> outcome;
        try {
            outcome = acceptance.accept(caller.id(), hold.event().eventId(), hold.seats(),
                    request.getHeader(IdempotentRequests.HEADER), RequestTrace.of(request));
        } catch (RuntimeException bug) {
            outcome = CompletableFuture.failedFuture(bug);
        }
        return outcome.handle((accepted, failure) -> Optional.of(failure == null ? FrontReply.of(accepted, fields)
                : FrontReply.refused(withFields(ProblemMappers.problemOf(failure, request.getRequestURI()), fields))));
    }

    private static ProblemException withFields(ProblemException answer, Map<String, String> fields) {
        if (fields.isEmpty()) {
            return answer;
        }
        Map<String, String> headers = new HashMap<>(answer.headers());
        headers.putAll(fields);
        return new ProblemException(answer.problem(), headers);
    }

    private static Cookie cookie(Request request, String name) {
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie cookie : cookies) {
                if (name.equals(cookie.getName())) {
                    return cookie;
                }
            }
        }
        return null;
    }

    /** The answer to a decision that did not admit: 429 or 503, or 422 for a hold no wait would admit. */
    private FrontReply refusal(Request request, List<LimitCheck> checks, Decision decision) {
        if (decision.impossible()) {
            return FrontReply.refused(raised(PrincipalLimitRing.impossible(checks, decision), request));
        }
        return FrontReply.refused(decisions.refusal(decision));
    }

    private static CompletionStage<Optional<FrontReply>> answered(ProblemException answer) {
        return CompletableFuture.completedFuture(Optional.of(FrontReply.refused(answer)));
    }

    /** A problem a ring raises, answered as Jersey's mapper answers it: at the request's path. */
    private static CompletionStage<Optional<FrontReply>> answered(ProblemException raised, Request request) {
        return answered(raised(raised, request));
    }

    private static ProblemException raised(ProblemException raised, Request request) {
        return new ProblemException(raised.problem().at(request.getRequestURI()), raised.headers());
    }
}
