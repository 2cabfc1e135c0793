package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The parked lane of an event's room, for operators: {@code GET …/parked} lists parked buyers with why (at most
 * {@code limit}, 1 to {@value #MOST_LISTED}, default 100); {@code PUT …/parked/{buyerId}} with {@code {"reason": …}}
 * parks a buyer by hand (201 when newly parked, 200 when already; 422 for a room without a parked lane); {@code DELETE …/parked/{buyerId}} releases one (204,
 * 404 when not parked): their next join takes a real place at the back of the queue. Each park and release is
 * published on the waiting-room topic.
 */
@AdminListener
@Path("/v1/admin/events/{eventId}/waiting-room/parked")
@Authenticated(Role.OPERATOR)
public final class AdminParkedLaneResource {

    static final int MOST_LISTED = 1000;
    private static final int LONGEST_REASON = 200;
    private static final Pattern BUYER_ID = Pattern.compile("[A-Za-z0-9._@:-]{1,128}");

    private final EventRooms events;
    private final ParkingGate parking;
    private final JsonBody body;

    AdminParkedLaneResource(EventRooms events, ParkingGate parking, JsonBody body) {
        this.events = events;
        this.parking = parking;
        this.body = body;
    }

    /** What an operator says when parking a buyer by hand. */
    record ParkBody(String reason) {
    }

    /** One parked buyer and why. */
    record ParkedBuyer(String buyerId, String reason) {
    }

    /** The parked buyers listed, at most {@code limit} of them. */
    record ParkedList(String eventId, List<ParkedBuyer> parked, int limit) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> list(@PathParam("eventId") String eventId,
                                          @QueryParam("limit") @DefaultValue("100") String limit) {
        events.event(eventId);
        int most = limit(limit);
        return answered(parking.parked(eventId, most), parked -> Response.ok(new ParkedList(eventId,
                parked.entrySet().stream().map(entry -> new ParkedBuyer(entry.getKey(), entry.getValue()))
                        .sorted(Comparator.comparing(ParkedBuyer::buyerId)).toList(), most),
                MediaType.APPLICATION_JSON_TYPE).build());
    }

    @PUT
    @Path("{buyerId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> park(@PathParam("eventId") String eventId, @PathParam("buyerId") String buyerId,
                                          InputStream json) {
        if (events.event(eventId).waitingRoom().parking() == null) {
            // its joins never ask the parked list: a buyer parked here would not be parked
            throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.noParkedLane(eventId));
        }
        buyer(buyerId);
        ParkBody park = body.read(json, ParkBody.class);
        if (park.reason() == null || park.reason().isBlank() || park.reason().length() > LONGEST_REASON) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.badParkingReason(LONGEST_REASON));
        }
        return answered(parking.park(eventId, buyerId, park.reason()), added -> Response
                .status(added ? Response.Status.CREATED : Response.Status.OK)
                .entity(new ParkedBuyer(buyerId, park.reason())).type(MediaType.APPLICATION_JSON_TYPE).build());
    }

    @DELETE
    @Path("{buyerId}")
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> release(@PathParam("eventId") String eventId,
                                             @PathParam("buyerId") String buyerId) {
        events.event(eventId);
        buyer(buyerId);
        return answered(parking.release(eventId, buyerId), released -> released ? Response.noContent().build()
                : Problems.response(Problem.of(ProblemType.NOT_FOUND, WaitingRoomMessages.notParked(eventId, buyerId))));
    }

    private static void buyer(String buyerId) {
        if (!BUYER_ID.matcher(buyerId).matches()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.badBuyerId());
        }
    }

    private static int limit(String text) {
        try {
            int most = Integer.parseInt(text);
            if (most >= 1 && most <= MOST_LISTED) {
                return most;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw ProblemException.of(ProblemType.UNPROCESSABLE, WaitingRoomMessages.badParkedLimit(text, MOST_LISTED));
    }

    private static <T> CompletionStage<Response> answered(CompletionStage<T> call, Function<T, Response> answer) {
        return call.handle((value, error) -> {
            if (error != null) {
                return GuardedCalls.shed(error) ? Problems.overloaded() : Problems.response(Problem.of(
                        ProblemType.SERVICE_UNAVAILABLE, WaitingRoomMessages.roomUnavailable()).withRetryAfter(1));
            }
            return answer.apply(value);
        });
    }
}
