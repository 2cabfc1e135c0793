package io.stagedoor.ingress.rings;

import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.AddressKeys;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.ingress.metrics.IngressMetrics;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.glassfish.grizzly.http.server.Request;

/**
 * No single client can fill the door: of the requests holding a door permit, at most a share are one principal's
 * (on authenticated routes, counted right after authentication) or one source address's (on routes without a
 * principal, such as login, counted before the address limit). Both run before anything reads the request body,
 * so a client dribbling bodies holds at most its share of the door. Past it, 429 with Retry-After and a
 * {@code too-many-in-flight} problem, without reading the body.
 *
 * <p>A permit is given back in the response filter and, should that never run (the client went away, a failure
 * Jersey could not map), when Grizzly finishes the request; releasing twice releases once.
 */
public final class ClientInFlightRing implements DynamicFeature {

    /** Seconds a caller past its share is told to wait: one of its own requests will have finished by then. */
    public static final int RETRY_AFTER_SECONDS = 1;
    /** The request property of the share's permit, taken here or already in the front stage. */
    public static final String PERMIT = ClientInFlightRing.class.getName() + ".permit";

    private final KeyedConcurrencyBound principals;
    private final KeyedConcurrencyBound addresses;
    private final TrustedProxies proxies;
    private final IngressMetrics metrics;

    @Inject
    private Provider<Request> connection;

    public ClientInFlightRing(KeyedConcurrencyBound principals, KeyedConcurrencyBound addresses,
                              TrustedProxies proxies, IngressMetrics metrics) {
        this.principals = principals;
        this.addresses = addresses;
        this.proxies = proxies;
        this.metrics = metrics;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        boolean authenticated = resource.getResourceMethod().isAnnotationPresent(Authenticated.class)
                || resource.getResourceClass().isAnnotationPresent(Authenticated.class);
        if (authenticated) {
            context.register(new Share(principals, ClientInFlightRing::principal, IngressMessages::principalInFlight),
                    RingOrder.PRINCIPAL_IN_FLIGHT);
        } else {
            context.register(new Share(addresses, this::address, IngressMessages::addressInFlight),
                    RingOrder.ADDRESS_IN_FLIGHT);
        }
    }

    private static String principal(ContainerRequestContext request) {
        return principalKey(AuthenticationRing.caller(request.getSecurityContext()));
    }

    /** The key of {@code caller}'s share. */
    public static String principalKey(Caller caller) {
        return caller.role().name() + ":" + caller.id();
    }

    /** The 429 of a principal past its share of {@code bound}. */
    public static ProblemException principalRefusal(KeyedConcurrencyBound bound) {
        return new ProblemException(Problem.of(ProblemType.TOO_MANY_IN_FLIGHT,
                IngressMessages.principalInFlight(bound.limitPerKey())).withRetryAfter(RETRY_AFTER_SECONDS));
    }

    /** The client's address as the address limit keys it: an IPv6 client on its /64, so its addresses share one share. */
    private String address(ContainerRequestContext request) {
        return AddressKeys.limitKey(proxies.clientAddress(connection.get().getRemoteAddr(),
                request.getHeaderString("X-Forwarded-For")));
    }

    /** One client's share of the door, keyed by {@code key}. */
    private final class Share implements ContainerRequestFilter, ContainerResponseFilter {
        private final KeyedConcurrencyBound bound;
        private final Function<ContainerRequestContext, String> key;
        private final IntFunction<String> refusal;

        Share(KeyedConcurrencyBound bound, Function<ContainerRequestContext, String> key, IntFunction<String> refusal) {
            this.bound = bound;
            this.key = key;
            this.refusal = refusal;
        }

        @Override
        public void filter(ContainerRequestContext request) {
            if (!DoorRing.holdsPermit(request) || request.getProperty(PERMIT) instanceof Permit) {
                return; // no door permit to share, or the share taken in the front stage
            }
            Optional<Permit> permit = bound.tryAcquire(key.apply(request));
            if (permit.isEmpty()) {
                metrics.shed(bound.name(), DoorRing.route(request));
                request.abortWith(Problems.response(Problem.of(ProblemType.TOO_MANY_IN_FLIGHT,
                        refusal.apply(bound.limitPerKey())).withRetryAfter(RETRY_AFTER_SECONDS)));
                return;
            }
            Permit held = permit.get();
            request.setProperty(PERMIT, held);
            connection.get().addAfterServiceListener(finished -> held.release());
        }

        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            if (request.getProperty(PERMIT) instanceof Permit permit) {
                permit.release();
            }
        }
    }
}
