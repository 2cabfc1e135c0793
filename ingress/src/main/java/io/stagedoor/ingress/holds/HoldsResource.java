package io.stagedoor.ingress.holds;

import io.stagedoor.ingress.auth.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.ingress.rings.LimitedRoute;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.TopicNames;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * {@code POST /v1/events/{eventId}/holds}: a buyer asks for seats. Validated here (event, seat ids, count), then
 * published keyed by event id; 202 once the broker acknowledged, 503 when it did not within the bound.
 */
@Path("/v1/events/{eventId}/holds")
public final class HoldsResource {

    private final EventCatalog catalog;
    private final Publisher publisher;
    private final TopicNames topics;
    private final IdempotentRequests ids;
    private final JsonBody body;
    private final int maxSeats;
    private final IngressMetrics metrics;
    private final Clock clock;

    public HoldsResource(EventCatalog catalog, Publisher publisher, TopicNames topics, IdempotentRequests ids,
                         JsonBody body, int maxSeats, IngressMetrics metrics, Clock clock) {
        this.catalog = catalog;
        this.publisher = publisher;
        this.topics = topics;
        this.ids = ids;
        this.body = body;
        this.maxSeats = maxSeats;
        this.metrics = metrics;
        this.clock = clock;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.BUYER)
    @Limited(LimitedRoute.HOLDS)
    public CompletionStage<Response> hold(@PathParam("eventId") String eventId, InputStream json,
                                          @HeaderParam(IdempotentRequests.HEADER) String idempotencyKey,
                                          @Context SecurityContext security) {
        Caller buyer = AuthenticationRing.caller(security);
        EventDefinition event = catalog.find(eventId)
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.unknownEvent(eventId)));
        List<String> seats = validSeats(event, body.read(json, HoldBody.class));
        String correlationId = ids.correlationId(buyer.id(), idempotencyKey,
                new IdempotentRequests.HoldContent("holds", eventId, seats));
        HoldRequested request = new HoldRequested(correlationId, eventId, buyer.id(), seats, clock.instant());
        return Accepted.whenRecorded(publisher.publish(topics.holds(), eventId, correlationId, request), correlationId,
                "holds", metrics, () -> { });
    }

    private List<String> validSeats(EventDefinition event, HoldBody hold) {
        List<String> seats = hold.seats();
        if (seats == null || seats.isEmpty()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.noSeats());
        }
        if (seats.size() > maxSeats) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.tooManySeats(seats.size(), maxSeats));
        }
        if (seats.contains(null) || new HashSet<>(seats).size() != seats.size()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.duplicateSeats());
        }
        List<String> unknown = seats.stream().filter(seat -> !catalog.hasSeat(event.eventId(), seat)).toList();
        if (!unknown.isEmpty()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.unknownSeats(unknown));
        }
        return List.copyOf(seats);
    }
}
