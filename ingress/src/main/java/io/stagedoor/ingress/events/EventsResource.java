package io.stagedoor.ingress.events;

import io.stagedoor.ingress.http.EveryListener;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.EventDefinition;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Lists events and shows one with the status of every seat. Public: no credentials needed. */
@Path("/v1/events")
@Produces(MediaType.APPLICATION_JSON)
public final class EventsResource {

    private final EventCatalog catalog;
    private final SeatMap seatMap;

    public EventsResource(EventCatalog catalog, SeatMap seatMap) {
        this.catalog = catalog;
        this.seatMap = seatMap;
    }

    /** One line of the event list. */
    public record EventSummary(String eventId, String name, String organizerId, Instant onSaleAt, int seats,
                               long priceCents, boolean waitingRoom, int maxSeatsPerBuyer) {
        static EventSummary of(EventDefinition event) {
            return new EventSummary(event.eventId(), event.name(), event.organizerId(), event.onSaleAt(),
                    event.seats().size(), event.priceCents(), event.waitingRoom().enabled(), event.maxSeatsPerBuyer());
        }
    }

    /** One seat and its status. */
    public record SeatView(String seatId, String status) {
    }

    /** An event with its seat map. */
    public record EventView(String eventId, String name, String organizerId, Instant onSaleAt, long priceCents,
                            Map<String, Object> waitingRoom, List<SeatView> seats) {
    }

    /** Also on the admin listener: the operator page lists the events it can watch. */
    @GET
    @EveryListener
    public Map<String, List<EventSummary>> list() {
        return Map.of("events", catalog.all().stream().map(EventSummary::of).toList());
    }

    @GET
    @Path("{eventId}")
    public EventView one(@PathParam("eventId") String eventId) {
        EventDefinition event = catalog.find(eventId)
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.unknownEvent(eventId)));
        List<SeatView> seats = event.seats().stream()
                .map(seat -> new SeatView(seat, seatMap.status(eventId, seat).wire()))
                .toList();
        Map<String, Object> room = Map.of(
                "enabled", event.waitingRoom().enabled(),
                "entryRatePerSecond", event.waitingRoom().entryRatePerSecond(),
                "opensAt", event.waitingRoom().opensAt().toString());
        return new EventView(event.eventId(), event.name(), event.organizerId(), event.onSaleAt(),
                event.priceCents(), room, seats);
    }
}
