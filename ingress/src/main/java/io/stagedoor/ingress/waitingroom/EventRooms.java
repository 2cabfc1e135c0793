package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.waitingroom.QueueingMethod;
import io.stagedoor.admission.waitingroom.RoomPlan;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.RequestedEvent;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.WaitingRoomSettings;
import jakarta.ws.rs.container.ContainerRequestContext;
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

    /** The event's room as its definition configures it. */
    static RoomPlan configured(EventDefinition event) {
        WaitingRoomSettings settings = event.waitingRoom();
        return RoomPlan.of(settings.entryRatePerSecond(), settings.opensAt(), settings.passLifetime())
                .withMaxActive(settings.maxActive()).withMethod(QueueingMethod.of(settings.queueing()))
                .withPreQueueAt(settings.preQueueAt());
    }
}
