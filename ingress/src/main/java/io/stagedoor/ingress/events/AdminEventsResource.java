package io.stagedoor.ingress.events;

import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** Operators define or replace an event: it is written to the compacted events topic, which every part reads. */
@AdminListener
@Path("/v1/admin/events")
public final class AdminEventsResource {

    private final Publisher publisher;
    private final TopicNames topics;
    private final EventCatalog catalog;
    private final JsonBody body;
    private final int maxSeatsPerBuyer;

    /** @param maxSeatsPerBuyer the cap of a definition that gives none ({@code ingress.max-seats-per-buyer}) */
    public AdminEventsResource(Publisher publisher, TopicNames topics, EventCatalog catalog, JsonBody body,
                               int maxSeatsPerBuyer) {
        this.publisher = publisher;
        this.topics = topics;
        this.catalog = catalog;
        this.body = body;
        this.maxSeatsPerBuyer = maxSeatsPerBuyer;
    }

    @PUT
    @Path("{eventId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.OPERATOR)
    public CompletionStage<Response> put(@PathParam("eventId") String eventId, InputStream json) {
        EventDefinition event = body.read(Json.withDefaults(body.bytes(json),
                Map.of(EventDefinition.MAX_SEATS_PER_BUYER_FIELD, maxSeatsPerBuyer)), EventDefinition.class);
        if (!eventId.equals(event.eventId())) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.eventIdMismatch(eventId, event.eventId()));
        }
        if (event.seats().isEmpty() || new HashSet<>(event.seats()).size() != event.seats().size()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE,
                    IngressMessages.invalidEvent("seats must be a non-empty list of distinct seat ids"));
        }
        return publisher.publish(topics.events(), eventId, eventId, event)
                .handle((ack, error) -> {
                    if (error != null) {
                        return Problems.response(Problem.of(ProblemType.SERVICE_UNAVAILABLE, IngressMessages.PUBLISH_FAILED)
                                .withRetryAfter(1));
                    }
                    catalog.put(event);
                    return Response.ok(EventsResource.EventSummary.of(event)).build();
                });
    }
}
