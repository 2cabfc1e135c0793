package io.stagedoor.ingress.rings;

import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.ingress.http.EveryListener;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.lang.reflect.AnnotatedElement;
import java.util.function.IntSupplier;
import org.glassfish.grizzly.http.server.Request;

/**
 * Each route answers on the listener it belongs to, and as an unknown path on the other. Routes marked
 * {@link AdminListener} (the admin routes, {@code /metrics}, the operator page) are served on the admin listener
 * alone; routes marked {@link EveryListener} (health, the pages' static files, the event list) on both; every other
 * route on the public listener alone. It is decided on the resource Jersey matched, so no spelling of a path can
 * reach an admin resource from the public listener, and on the port the connection was accepted on, never on a
 * header the caller writes ({@code Host}, {@code X-Forwarded-*}).
 */
public final class ListenerRing implements DynamicFeature {

    /** Where a route is served. */
    public enum Exposure { PUBLIC, ADMIN, EVERY }

    private final IntSupplier adminPort;

    @Inject
    private Provider<Request> connection;

    /** @param adminPort the port of the admin listener, known once it listens */
    public ListenerRing(IntSupplier adminPort) {
        this.adminPort = adminPort;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Exposure exposure = exposure(resource.getResourceMethod(), resource.getResourceClass());
        if (exposure != Exposure.EVERY) {
            context.register(new OnlyOn(exposure == Exposure.ADMIN), RingOrder.LISTENER);
        }
    }

    /** The listener a resource method is served on: its own mark, else its class's, else the public one. */
    static Exposure exposure(AnnotatedElement method, AnnotatedElement resourceClass) {
        for (AnnotatedElement element : new AnnotatedElement[] {method, resourceClass}) {
            if (element == null) {
                continue;
            }
            if (element.isAnnotationPresent(AdminListener.class)) {
                return Exposure.ADMIN;
            }
            if (element.isAnnotationPresent(EveryListener.class)) {
                return Exposure.EVERY;
            }
        }
        return Exposure.PUBLIC;
    }

    /** Answers 404 unless the request came in on the admin listener ({@code admin}) or on another. */
    private final class OnlyOn implements ContainerRequestFilter {

        private final boolean admin;

        OnlyOn(boolean admin) {
            this.admin = admin;
        }

        @Override
        public void filter(ContainerRequestContext request) {
            boolean onAdmin = connection.get().getLocalPort() == adminPort.getAsInt();
            if (onAdmin != admin) {
                request.abortWith(Problems.response(Problem.of(ProblemType.NOT_FOUND, IngressMessages.framework(404))));
            }
        }
    }
}
