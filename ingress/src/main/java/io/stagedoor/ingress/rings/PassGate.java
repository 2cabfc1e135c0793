package io.stagedoor.ingress.rings;

import io.stagedoor.admission.waitingroom.PassVerdict;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.waitingroom.WaitingRoomFeature;
import io.stagedoor.ingress.waitingroom.WaitingRoomMessages;
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
 */
public final class PassGate implements DynamicFeature {

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
            if (!gated.test(request)) {
                return;
            }
            String eventId = request.getUriInfo().getPathParameters().getFirst("eventId");
            Caller caller = (Caller) request.getSecurityContext().getUserPrincipal();
            PassVerdict verdict = room.check(pass(request), eventId, caller.id());
            if (verdict != PassVerdict.VALID) {
                throw ProblemException.of(ProblemType.WAITING_ROOM, WaitingRoomMessages.passRefused(verdict, eventId));
            }
        }

        private static String pass(ContainerRequestContext request) {
            String header = request.getHeaderString(WaitingRoomFeature.PASS_HEADER);
            if (header != null && !header.isBlank()) {
                return header;
            }
            Cookie cookie = request.getCookies().get(WaitingRoomFeature.PASS_COOKIE);
            return cookie == null ? null : cookie.getValue();
        }
    }
}
