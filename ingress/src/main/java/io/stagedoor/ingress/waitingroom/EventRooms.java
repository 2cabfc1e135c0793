package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.lanes.LaneRooms;
import io.stagedoor.admission.waitingroom.QueueingMethod;
import io.stagedoor.admission.waitingroom.RoomPlan;
import io.stagedoor.admission.waitingroom.TicketSigner;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.RequestedEvent;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.LaneSettings;
import io.stagedoor.topics.WaitingRoomSettings;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** Turns an event of the catalog into the room admission runs: its plan, and whether the hold route asks for passes. */
final class EventRooms {

    private final EventCatalog catalog;
    private final Predicate<EventDefinition> soldOut;

    /** @param soldOut whether every seat of an event is sold */
    EventRooms(EventCatalog catalog, Predicate<EventDefinition> soldOut) {
        this.catalog = catalog;
        this.soldOut = soldOut;
    }

    /** The event, or a 404 problem. */
    EventDefinition event(String eventId) {
        return catalog.find(eventId)
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, WaitingRoomMessages.unknownEvent(eventId)));
    }

    /**
     * The event's room while it is on, as buyers meet it (sold out or not), else a 404 problem that says to hold
     * directly.
     */
    RoomPlan openRoom(String eventId) {
        return plan(onEvent(eventId));
    }

    /** The event whose room is on, else a 404 problem that says to hold directly. */
    EventDefinition onEvent(String eventId) {
        EventDefinition event = event(eventId);
        if (!event.waitingRoom().enabled()) {
            throw ProblemException.of(ProblemType.NOT_FOUND, WaitingRoomMessages.roomOff(eventId));
        }
        return event;
    }

    /** The event's room as configured, and whether every seat is sold. */
    RoomPlan plan(EventDefinition event) {
        return configured(event).withSoldOut(soldOut.test(event));
    }

    /**
     * Whether the hold route of the request's event asks for a pass; false for an unknown event (the route answers
     * 404). Uses the request's one lookup of its event ({@link RequestedEvent}).
     */
    boolean gated(ContainerRequestContext request) {
        return RequestedEvent.of(request, catalog).map(event -> event.waitingRoom().enabled()).orElse(false);
    }

    /**
     * One lane of an event's room.
     *
     * @param name  the lane's name; null for a room without lanes
     * @param room  the key of the lane's room ({@link LaneRooms}): the event's own for the lane for everyone else
     * @param share the lane's share of the entry rate, normalised
     */
    record Lane(String name, String room, double share) {
    }

    /** The event's lanes, the lane for everyone else first; a room without lanes is one lane, the event's room. */
    static List<Lane> lanes(EventDefinition event) {
        List<LaneSettings> lanes = event.waitingRoom().lanes();
        if (lanes == null) {
            return List.of(new Lane(null, event.eventId(), 1));
        }
        double all = lanes.stream().mapToDouble(LaneSettings::share).sum();
        List<Lane> rooms = new ArrayList<>();
        for (LaneSettings lane : lanes) {
            Lane own = new Lane(lane.name(), LaneRooms.roomOf(event.eventId(),
                    lane.takesEveryoneElse() ? null : lane.name()), lane.share() / all);
            if (lane.takesEveryoneElse()) {
                rooms.addFirst(own);
            } else {
                rooms.add(own);
            }
        }
        return rooms;
    }

    /** The room a buyer joins: of the first lane whose rule they meet, else the event's own. */
    static String roomFor(EventDefinition event, String buyerId, boolean withPresaleCode) {
        List<LaneSettings> lanes = event.waitingRoom().lanes();
        if (lanes != null) {
            for (LaneSettings lane : lanes) {
                if (lane.takes(buyerId, withPresaleCode)) {
                    return LaneRooms.roomOf(event.eventId(), lane.name());
                }
            }
        }
        return event.eventId();
    }

    /**
     * The room of {@code ticket}, when the ticket says which (a signed ticket names it; a forged name finds nothing
     * there, as the room checks the signature); empty when it does not, and every lane's room may hold it.
     */
    static Optional<String> roomOfTicket(EventDefinition event, String ticket) {
        if (event.waitingRoom().lanes() == null) {
            return Optional.of(event.eventId());
        }
        return TicketSigner.roomNamed(ticket).filter(room -> LaneRooms.isOf(room, event.eventId()));
    }

    /** {@code room}'s plan: the event's, at the lane's share of the rate and of the cap on active buyers. */
    RoomPlan plan(EventDefinition event, String room) {
        return configured(event, room).withSoldOut(soldOut.test(event));
    }

    /** {@code room}'s plan as the event's definition configures it. */
    static RoomPlan configured(EventDefinition event, String room) {
        if (event.waitingRoom().lanes() == null) {
            return configured(event); // a room without lanes reads no lanes on a join or a poll
        }
        return configured(event, lanes(event).stream().filter(lane -> lane.room().equals(room))
                .mapToDouble(Lane::share).findFirst().orElse(1));
    }

    /** The event's room as its definition configures it. */
    static RoomPlan configured(EventDefinition event) {
        return configured(event, 1);
    }

    /** The event's room at {@code share} of its entry rate and of its cap on active buyers (at least one). */
    private static RoomPlan configured(EventDefinition event, double share) {
        WaitingRoomSettings settings = event.waitingRoom();
        int cap = settings.maxActive() == 0 ? 0 : Math.max(1, (int) Math.round(settings.maxActive() * share));
        return RoomPlan.of(settings.entryRatePerSecond() * share, settings.opensAt(), settings.passLifetime())
                .withMaxActive(cap).withMethod(QueueingMethod.of(settings.queueing()))
                .withPreQueueAt(settings.preQueueAt());
    }
}
