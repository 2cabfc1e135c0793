package io.stagedoor.ingress.scans;

import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.admission.limit.LimitedRoute;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;

/**
 * {@code POST /v1/scans}: a scanner phone checks a ticket, synchronously. 200 {@code admitted} the first time;
 * 409 {@code already-scanned} after that; 404 for a ticket that was not sold, or not for this key's organizer
 * (the same answer, so tickets of other organizers cannot be probed). Limited per API key (50, then 20 per s).
 */
@Path("/v1/scans")
public final class ScansResource {

    private final TicketBook tickets;
    private final EventCatalog catalog;
    private final ScannedTickets scanned;
    private final JsonBody body;

    public ScansResource(TicketBook tickets, EventCatalog catalog, ScannedTickets scanned, JsonBody body) {
        this.tickets = tickets;
        this.catalog = catalog;
        this.scanned = scanned;
        this.body = body;
    }

    /** A ticket let in. */
    public record Admitted(String ticket, String status, String eventId, String seatId) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated(Role.SCANNER)
    @Limited(LimitedRoute.SCANS)
    public Admitted scan(InputStream json, @Context SecurityContext security) {
        Caller scanner = AuthenticationRing.caller(security);
        ScanBody scan = body.read(json, ScanBody.class);
        if (scan.ticket() == null || scan.ticket().isBlank()) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.ticketMissing());
        }
        TicketBook.Ticket ticket = tickets.find(scan.ticket())
                .filter(t -> catalog.find(t.eventId()).map(e -> e.organizerId().equals(scanner.organizerId())).orElse(false))
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, IngressMessages.unknownTicket(scan.ticket())));
        if (!scanned.firstScan(ticket.ticketId())) {
            throw ProblemException.of(ProblemType.ALREADY_SCANNED, IngressMessages.alreadyScanned(ticket.ticketId()));
        }
        return new Admitted(ticket.ticketId(), "admitted", ticket.eventId(), ticket.seatId());
    }
}
