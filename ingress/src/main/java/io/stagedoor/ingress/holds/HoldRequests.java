package io.stagedoor.ingress.holds;

import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.RequestedEvent;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.rings.LimitSubjects;
import jakarta.ws.rs.container.ContainerRequestContext;
import io.stagedoor.topics.EventDefinition;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * Reads and validates a hold's body once per request. The principal ring asks first, to charge the buyer one token
 * per seat; the resource then takes the same {@link HoldRequest} from the request. Bad input (unknown event,
 * malformed body, no seats, too many, duplicates, unknown seats) is answered with its 4xx problem before any limit
 * is charged, so a malformed hold costs the buyer nothing and never reaches the idempotency store. The event is the
 * request's one lookup ({@link RequestedEvent}), shared with the pass gate.
 */
public final class HoldRequests implements LimitSubjects {

    /** The request property of the validated hold, read here or already in the front stage. */
    public static final String PROPERTY = HoldRequests.class.getName() + ".hold";

    private final EventCatalog catalog;
    private final JsonBody body;
    private final int maxSeats;

    public HoldRequests(EventCatalog catalog, JsonBody body, int maxSeats) {
        this.catalog = catalog;
        this.body = body;
        this.maxSeats = maxSeats;
    }

    /**
     * The validated hold of {@code request}, read from its body the first time and remembered on the request.
     *
     * @throws ProblemException 404 for an unknown event, 400 for a malformed body, 422 for seats that cannot be held
     */
    public HoldRequest of(ContainerRequestContext request) {
        if (request.getProperty(PROPERTY) instanceof HoldRequest known) {
            return known;
        }
        String eventId = request.getUriInfo().getPathParameters().getFirst("eventId");
        var event = RequestedEvent.of(request, catalog)
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.unknownEvent(eventId)));
        HoldRequest hold = read(event, body.read(request.getEntityStream(), HoldBody.class));
        request.setProperty(PROPERTY, hold);
        return hold;
    }

    /** The validated hold of {@code request} (read as {@link #of} does), as its buyer's limits are checked on it. */
    @Override
    public LimitSubject subject(Caller buyer, ContainerRequestContext request) {
        return of(request).subject(buyer.id());
    }

    /**
     * The validated hold of {@code bytes}, a whole body for {@code event}.
     *
     * @throws ProblemException 400 for a malformed body, 413 for one over the limit, 422 for seats that cannot be held
     */
    public HoldRequest read(EventDefinition event, byte[] bytes) {
        return read(event, body.read(bytes, HoldBody.class));
    }

    /** The event {@code eventId} names in the catalog. */
    public Optional<EventDefinition> event(String eventId) {
        return catalog.find(eventId);
    }

    /** The largest hold body read. */
    public int maxBodyBytes() {
        return body.limitBytes();
    }

    private HoldRequest read(EventDefinition event, HoldBody asked) {
        return new HoldRequest(event, validSeats(event.eventId(), asked));
    }

    private List<String> validSeats(String eventId, HoldBody hold) {
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
        List<String> unknown = seats.stream().filter(seat -> !catalog.hasSeat(eventId, seat)).toList();
        if (!unknown.isEmpty()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.unknownSeats(unknown));
        }
        return seats;
    }
}
