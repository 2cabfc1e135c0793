package io.stagedoor.ingress.events;

import io.stagedoor.topics.EventDefinition;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;

/**
 * The event a request's {@code {eventId}} path parameter names, looked up in the catalog once per request and
 * remembered on the request, so every ring and the resource of a route see one definition: on the hold route the
 * principal ring reading the hold and the pass gate asking whether the room is on share one lookup.
 */
public final class RequestedEvent {

    private static final String PROPERTY = RequestedEvent.class.getName() + ".event";

    private RequestedEvent() {
    }

    /** The event {@code request}'s path names; empty for an unknown event or a path without one. */
    public static Optional<EventDefinition> of(ContainerRequestContext request, EventCatalog catalog) {
        if (request.getProperty(PROPERTY) instanceof Looked looked) {
            return Optional.ofNullable(looked.event());
        }
        String eventId = request.getUriInfo().getPathParameters().getFirst("eventId");
        Optional<EventDefinition> event = eventId == null ? Optional.empty() : catalog.find(eventId);
        request.setProperty(PROPERTY, new Looked(event.orElse(null)));
        return event;
    }

    /** Remembers the event the front stage looked up on {@code request}, so Jersey's rings do not look again. */
    public static void attach(org.glassfish.grizzly.http.server.Request request, EventDefinition event) {
        request.setAttribute(PROPERTY, new Looked(event));
    }

    /** The result of the one lookup, an unknown event included. */
    private record Looked(EventDefinition event) {
    }
}
