package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.waitingroom.QueueTicket;
import io.stagedoor.admission.waitingroom.RoomPlan;
import io.stagedoor.admission.waitingroom.SessionEnd;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.presale.PresaleGate;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.topics.EventDefinition;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.glassfish.grizzly.http.server.Request;

/**
 * Buyers queue for an event whose waiting room is on. {@code POST /v1/events/{eventId}/queue} gives a ticket (202
 * when new, 200 when the buyer presents the one they hold, in {@value WaitingRoomFeature#TICKET_HEADER} or the
 * {@value WaitingRoomFeature#TICKET_COOKIE} cookie every join sets; a stored ticket is found by the buyer alone); {@code GET …/queue/{ticket}}
 * tells where it stands, with the pass once admitted. While waiting, {@code Retry-After} says when to ask again.
 * Once every seat is sold, joining and asking answer {@code status: "sold-out"} with a message, and no
 * {@code Retry-After}; a closed room ({@code queueing: "reject"}) refuses joins with a 403 {@code waiting-room-closed}
 * problem and tells those still queued {@code status: "closed"}; before the event's pre-queue starts, a join is a 403
 * {@code waiting-room-not-open} problem whose {@code Retry-After} is the time until it does. {@code DELETE …/queue}
 * is a buyer leaving: their session ends (204) and its slot goes to the next in line at once, as a checkout's does;
 * their pass stops working. A buyer with no active session is told so (404); leaving twice is harmless. While Redis
 * answers and this instance is too overloaded to hear it in time, each is shed (503 {@code service-overloaded}),
 * never answered from the instance's own queue.
 */
@Path("/v1/events/{eventId}/queue")
public final class QueueResource {

    /** How long a browser keeps a ticket: longer than the longest queue worth waiting in. */
    private static final int TICKET_COOKIE_SECONDS = 24 * 60 * 60;

    private final WaitingRoom room;
    private final EventRooms events;
    private final JoinPuzzleGate puzzles;
    private final ParkingGate parking;
    private final TrustedProxies proxies;
    private final PresaleGate presales;
    private final LaneCalls lanes;

    @Inject
    private Provider<Request> connection;

    QueueResource(WaitingRoom room, EventRooms events, JoinPuzzleGate puzzles, ParkingGate parking,
                  TrustedProxies proxies, PresaleGate presales) {
        this.presales = presales;
        this.lanes = new LaneCalls(room, events);
        this.room = room;
        this.events = events;
        this.puzzles = puzzles;
        this.parking = parking;
        this.proxies = proxies;
    }

    /**
     * A join puzzle for the caller, for a room that asks each join for one: what to solve and until when. Each call
     * issues a new one; none is stored.
     */
    @GET
    @Path("puzzle")
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    public Response puzzle(@PathParam("eventId") String eventId, @Context SecurityContext security) {
        EventDefinition event = events.onEvent(eventId);
        return Response.ok(puzzles.issue(event, AuthenticationRing.caller(security).id()))
                .header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }

    /**
     * Joins the room: during a presale only with an access code of the buyer's own, spent here first; in a room that
     * asks for a puzzle, only with a solution spent here next. A join that then gets no place (the room closed or not
     * open yet, or this instance shed it) gives both back, so neither is lost to a refusal that was not about it. A
     * buyer whose code opened a session already is answered with that session's ticket when they present it. In a
     * room with a parked lane, a buyer its rules park is answered from it, exactly as a waiting buyer is.
     */
    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    public CompletionStage<Response> join(@PathParam("eventId") String eventId, @Context SecurityContext security,
                                          @HeaderParam(WaitingRoomFeature.TICKET_HEADER) String heldHeader,
                                          @CookieParam(WaitingRoomFeature.TICKET_COOKIE) String heldCookie,
                                          @HeaderParam(WaitingRoomFeature.PUZZLE_HEADER) String solution,
                                          @HeaderParam(PresaleGate.CODE_HEADER) String code,
                                          @HeaderParam("X-Forwarded-For") String forwardedFor) {
        EventDefinition event = events.onEvent(eventId);
        String buyer = AuthenticationRing.caller(security).id();
        String held = heldHeader != null ? heldHeader : heldCookie;
        String address = proxies.clientAddress(connection.get().getRemoteAddr(), forwardedFor);
        return presales.spend(event, buyer, code).thenCompose(coded -> {
            if (coded.refused() != null) {
                // a buyer back with the ticket their code already opened keeps it, whatever the code says now
                return held != null ? heldSession(event, buyer, held, coded.refused())
                        : CompletableFuture.completedFuture(Problems.response(coded.refused()));
            }
            String lane = lanes.roomToJoin(event, buyer, held, coded.spent());
            return puzzles.spend(event, buyer, solution).thenCompose(spent -> {
                if (spent.refused() != null) {
                    return giveBackCode(event, buyer, coded).thenApply(back -> Problems.response(spent.refused()));
                }
                return joined(event, lane, buyer, held, address, coded).thenCompose(answer -> {
                    if (answer.getStatus() < 400) {
                        return CompletableFuture.completedFuture(answer);
                    }
                    puzzles.giveBack(spent.challenge());
                    // answered once the code is back, so a retry after Retry-After finds it unspent
                    return giveBackCode(event, buyer, coded).thenApply(back -> answer);
                });
            });
        });
    }

    private CompletionStage<Void> giveBackCode(EventDefinition event, String buyer, PresaleGate.Verdict coded) {
        return coded.spent() ? presales.giveBack(event, buyer) : CompletableFuture.completedFuture(null);
    }

    /** A buyer whose code opened a session already, presenting a ticket: that ticket while it is still good. */
    private CompletionStage<Response> heldSession(EventDefinition event, String buyer, String held, Problem refused) {
        return lanes.look(event, buyer, held).handle((found, error) -> {
            if (error != null) {
                return GuardedCalls.shed(error) ? Problems.overloaded() : unavailable();
            }
            return found.filter(ticket -> ticket.standing() == QueueTicket.Standing.WAITING
                            || ticket.standing() == QueueTicket.Standing.ADMITTED)
                    .map(ticket -> answer(ticket, event, Response.Status.OK).build())
                    .orElseGet(() -> Problems.response(refused));
        });
    }

    /**
     * Joins {@code lane}'s room (the event's own for a room without lanes), or its parked lane; a parked place is no
     * session, so the presale code spent on it goes back.
     */
    private CompletionStage<Response> joined(EventDefinition event, String lane, String buyer, String held,
                                             String address, PresaleGate.Verdict coded) {
        String eventId = event.eventId();
        RoomPlan plan = events.plan(event, lane);
        CompletionStage<QueueTicket> placed = parking.parks(event, address, buyer).thenCompose(parked -> parked
                ? room.joinParked(lane, plan, buyer, held).thenCompose(ticket -> ticket.ticket() == null
                        // no place (closed, not open yet): the answer is a refusal, which gives the code back itself
                        ? CompletableFuture.completedFuture(ticket)
                        : giveBackCode(event, buyer, coded).thenApply(back -> ticket))
                : room.join(lane, plan, buyer, held));
        return placed.handle((ticket, error) -> {
            if (error != null) {
                return GuardedCalls.shed(error) ? Problems.overloaded() : unavailable();
            }
            if (ticket.standing() == QueueTicket.Standing.CLOSED) {
                return Problems.response(Problem.of(ProblemType.WAITING_ROOM_CLOSED,
                        WaitingRoomMessages.closed(event.name())).at("/v1/events/" + eventId + "/queue"));
            }
            if (ticket.standing() == QueueTicket.Standing.NOT_YET_OPEN) {
                return Problems.response(Problem.of(ProblemType.WAITING_ROOM_NOT_OPEN,
                        WaitingRoomMessages.notOpenYet(event.name(), event.waitingRoom().preQueueAt()))
                        .at("/v1/events/" + eventId + "/queue").withRetryAfter(ticket.retryAfterSeconds()));
            }
            Response.ResponseBuilder response = answer(ticket, event, ticket.created()
                    && ticket.standing() == QueueTicket.Standing.WAITING ? Response.Status.ACCEPTED : Response.Status.OK);
            return ticket.ticket() == null ? response.build() : response
                    .location(UriBuilder.fromPath("/v1/events/{eventId}/queue/{ticket}").build(eventId, ticket.ticket()))
                    .cookie(ticketCookie(eventId, ticket.ticket()))
                    .build();
        });
    }

    @GET
    @Path("{ticket}")
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    public CompletionStage<Response> look(@PathParam("eventId") String eventId, @PathParam("ticket") String ticket,
                                          @Context SecurityContext security) {
        EventDefinition event = events.onEvent(eventId);
        String buyer = AuthenticationRing.caller(security).id();
        return lanes.look(event, buyer, ticket).handle((found, error) -> {
            if (error != null) {
                return GuardedCalls.shed(error) ? Problems.overloaded() : unavailable();
            }
            return found.map(standing -> answer(standing, event, Response.Status.OK).build())
                    .orElseGet(() -> Problems.response(Problem.of(ProblemType.NOT_FOUND,
                            WaitingRoomMessages.unknownTicket(eventId)).at("/v1/events/" + eventId + "/queue/" + ticket)));
        });
    }

    @DELETE
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    public CompletionStage<Response> leave(@PathParam("eventId") String eventId, @Context SecurityContext security) {
        EventDefinition event = events.onEvent(eventId);
        String buyer = AuthenticationRing.caller(security).id();
        return lanes.end(event, buyer, SessionEnd.LEFT).handle((ended, error) -> {
            if (error != null) {
                return GuardedCalls.shed(error) ? Problems.overloaded() : unavailable();
            }
            return ended ? Response.noContent().build() : Problems.response(Problem.of(ProblemType.NOT_FOUND,
                    WaitingRoomMessages.notActive(event.name())).at("/v1/events/" + eventId + "/queue"));
        });
    }

    private static Response.ResponseBuilder answer(QueueTicket ticket, EventDefinition event, Response.Status status) {
        Response.ResponseBuilder response = Response.status(status).entity(QueueBody.of(ticket, event.name()))
                .type(MediaType.APPLICATION_JSON_TYPE);
        if (ticket.standing() == QueueTicket.Standing.WAITING) {
            response.header(HttpHeaders.RETRY_AFTER, ticket.retryAfterSeconds());
        }
        return response;
    }

    /**
     * Keeps the ticket in the browser for this event's queue only, out of reach of scripts on the page, so a reload
     * joins with it and keeps the place.
     */
    private static NewCookie ticketCookie(String eventId, String ticket) {
        return new NewCookie.Builder(WaitingRoomFeature.TICKET_COOKIE).value(ticket).path("/v1/events/" + eventId + "/queue")
                .httpOnly(true).sameSite(NewCookie.SameSite.STRICT).maxAge(TICKET_COOKIE_SECONDS).build();
    }

    /** Both the shared queue and the instance's own failed: nothing was given out, so trying again is safe. */
    private static Response unavailable() {
        return Problems.response(Problem.of(ProblemType.SERVICE_UNAVAILABLE, WaitingRoomMessages.roomUnavailable())
                .withRetryAfter(1));
    }
}
