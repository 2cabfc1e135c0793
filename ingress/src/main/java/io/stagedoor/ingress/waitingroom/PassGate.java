package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.admission.waitingroom.PassVerdict;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.ingress.rings.RingOrder;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.FeatureContext;
import java.util.function.Predicate;

/**
 * The waiting-room ring: on the hold route, while the event's room is on, a request needs a valid pass for that
 * event and buyer, in the {@value WaitingRoomFeature#PASS_HEADER} header or the {@value WaitingRoomFeature#PASS_COOKIE}
 * cookie. Missing, forged, expired or another buyer's pass is a 403 problem of type {@code waiting-room} that says
 * where to queue. The signature and the clock are checked first, so a forged or expired pass costs no store call;
 * a genuine one costs one read-only room call, since a pass works only while its session is on (decision 0016).
 *
 * <p>It runs before the principal limit ({@link RingOrder#WAITING_ROOM}), so a hold without a good pass spends none
 * of the buyer's or the organizer's tokens: the refusal is the buyer's, and costs nobody else anything. The front
 * stage checks the same pass in the same place ({@link io.stagedoor.ingress.front.HoldsAhead}) and marks the request
 * {@link #CHECKED}; this ring then does not ask again.
 */
public final class PassGate implements DynamicFeature {

    /** The request property the front stage sets once the pass of a hold has been checked and found good. */
    public static final String CHECKED = PassGate.class.getName() + ".checked";

    private final WaitingRoom room;
    private final Predicate<ContainerRequestContext> gated;

    /** @param gated whether the request's event asks for a pass on its hold route (false for an unknown event) */
    public PassGate(WaitingRoom room, Predicate<ContainerRequestContext> gated) {
        this.room = room;
        this.gated = gated;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Limited limited = resource.getResourceMethod().getAnnotation(Limited.class);
        if (limited != null && limited.value() == LimitedRoute.HOLDS) {
            context.register(new Filter(), RingOrder.WAITING_ROOM);
        }
    }

    @Priority(RingOrder.WAITING_ROOM)
    private final class Filter implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            if (Boolean.TRUE.equals(request.getProperty(CHECKED)) || !gated.test(request)) {
                return;
            }
            String eventId = request.getUriInfo().getPathParameters().getFirst("eventId");
            Caller caller = (Caller) request.getSecurityContext().getUserPrincipal();
            Cookie cookie = request.getCookies().get(WaitingRoomFeature.PASS_COOKIE);
            PassVerdict verdict = room.check(pass(request.getHeaderString(WaitingRoomFeature.PASS_HEADER),
                    cookie == null ? null : cookie.getValue()), eventId, caller.id());
            if (verdict != PassVerdict.VALID) {
                throw refusal(verdict, eventId);
            }
        }
    }

    /** The pass a hold carries: the header's when it has one, else the cookie's; null for none. */
    public static String pass(String header, String cookie) {
        return header != null && !header.isBlank() ? header : cookie;
    }

    /** The 403 of a hold whose pass is not good, saying where to queue. */
    public static ProblemException refusal(PassVerdict verdict, String eventId) {
        return ProblemException.of(ProblemType.WAITING_ROOM, WaitingRoomMessages.passRefused(verdict, eventId));
    }
}
