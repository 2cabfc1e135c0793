package io.stagedoor.ingress.waitingroom;

import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.admission.entryloop.PlottedStep;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.waitingroom.EntryRate;
import io.stagedoor.admission.waitingroom.RoomSnapshot;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.admission.waitingroom.SessionEnd;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;

/**
 * Operators watch and steer an event's room at runtime: {@code GET} shows queue length, admitted per second and
 * estimated versus actual waits; {@code PUT {"entryRatePerSecond": N, "paused": B}} changes the rate and pauses or
 * resumes, for every instance at once (the state is shared). Each change is published as a "rate-changed" step.
 * {@code DELETE …/sessions/{buyerId}} revokes a buyer's pass: their session ends on every instance, the pass stops
 * working at once, and their slot goes to the next in line (204; 404 when the buyer has no session on). A room with
 * a closed loop shows its floor, ceiling and last steps ({@code entryLoop}), which the operator page plots.
 */
@AdminListener
@Path("/v1/admin/events/{eventId}/waiting-room")
@Authenticated(Role.OPERATOR)
public final class AdminWaitingRoomResource {

    private static final Pattern BUYER_ID = Pattern.compile("[A-Za-z0-9._@:-]{1,128}");

    private final WaitingRoom room;
    private final EventRooms events;
    private final JsonBody body;
    private final EntryLoops loops;

    /** @param loops the closed loops, whose steps the status shows; null when the instance runs none */
    AdminWaitingRoomResource(WaitingRoom room, EventRooms events, JsonBody body, EntryLoops loops) {
        this.room = room;
        this.events = events;
        this.body = body;
        this.loops = loops;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> status(@PathParam("eventId") String eventId) {
        EventDefinition event = events.event(eventId);
        return answer(event, room.snapshot(eventId, EventRooms.configured(event, eventId)));
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> change(@PathParam("eventId") String eventId, InputStream json) {
        EventDefinition event = events.event(eventId);
        RoomControlBody change = body.read(json, RoomControlBody.class);
        if (change.entryRatePerSecond() == null && change.paused() == null) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.noChange());
        }
        EntryRate rate = null;
        if (change.entryRatePerSecond() != null) {
            double perSecond = change.entryRatePerSecond();
            if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
                throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.badRate(perSecond));
            }
            rate = EntryRate.of(perSecond);
        }
        if (event.waitingRoom().lanes() != null) {
            if (rate != null) {
                throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.lanesTakeTheirRate());
            }
            // paused or resumed in every lane, the event's own last, whose room the answer shows
            List<EventRooms.Lane> lanes = EventRooms.lanes(event);
            CompletableFuture<?>[] others = lanes.stream().skip(1).map(lane -> room.adjust(lane.room(),
                    EventRooms.configured(event, lane.room()), null, change.paused()).toCompletableFuture())
                    .toArray(CompletableFuture[]::new);
            return answer(event, CompletableFuture.allOf(others).thenCompose(all -> room.adjust(eventId,
                    EventRooms.configured(event, eventId), null, change.paused())));
        }
        return answer(event, room.adjust(eventId, EventRooms.configured(event), rate, change.paused()));
    }

    @DELETE
    @Path("sessions/{buyerId}")
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> revoke(@PathParam("eventId") String eventId, @PathParam("buyerId") String buyerId) {
        EventDefinition event = events.event(eventId);
        if (!BUYER_ID.matcher(buyerId).matches()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.badBuyerId());
        }
        return new LaneCalls(room, events).end(event, buyerId, SessionEnd.REVOKED).handle((ended, error) -> {
            if (error != null && GuardedCalls.shed(error)) {
                return Problems.overloaded();
            }
            if (error != null) {
                return Problems.response(Problem.of(ProblemType.SERVICE_UNAVAILABLE,
                        WaitingRoomMessages.roomUnavailable()).withRetryAfter(1));
            }
            return ended ? Response.noContent().build() : Problems.response(Problem.of(ProblemType.NOT_FOUND,
                    WaitingRoomMessages.noSession(eventId, buyerId)));
        });
    }

    /** The status with each lane's room, for a room with lanes. */
    private CompletionStage<RoomStatusBody> withLanes(EventDefinition event, RoomStatusBody status) {
        if (event.waitingRoom().lanes() == null) {
            return CompletableFuture.completedFuture(status);
        }
        List<EventRooms.Lane> lanes = EventRooms.lanes(event);
        List<CompletableFuture<RoomStatusBody.LaneStatus>> each = lanes.stream().map(lane -> room.snapshot(lane.room(),
                EventRooms.configured(event, lane.room())).toCompletableFuture()
                .thenApply(snapshot -> RoomStatusBody.LaneStatus.of(lane.name(), lane.share(), snapshot))).toList();
        return CompletableFuture.allOf(each.toArray(CompletableFuture[]::new))
                .thenApply(all -> status.withLanes(each.stream().map(CompletableFuture::join).toList()));
    }

    private CompletionStage<Response> answer(EventDefinition event, CompletionStage<RoomSnapshot> snapshot) {
        CompletionStage<List<PlottedStep>> steps = loops == null || event.waitingRoom().entryLoop() == null
                ? CompletableFuture.completedFuture(List.of())
                : loops.plotted(event.eventId()).exceptionally(unreadable -> List.of());
        return snapshot.thenCombine(steps, (room, plotted) -> RoomStatusBody.of(event, room, plotted))
                .thenCompose(status -> withLanes(event, status))
                .handle((status, error) -> error != null
                        ? Problems.response(Problem.of(ProblemType.SERVICE_UNAVAILABLE,
                                WaitingRoomMessages.roomUnavailable()).withRetryAfter(1))
                        : Response.ok(status, MediaType.APPLICATION_JSON_TYPE).build());
    }
}
