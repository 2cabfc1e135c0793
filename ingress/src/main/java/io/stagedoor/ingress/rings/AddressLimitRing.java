package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitKey;
import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.auth.AddressKeys;
import io.stagedoor.ingress.auth.TrustedProxies;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.util.List;
import java.util.function.Supplier;
import org.glassfish.grizzly.http.server.Request;

/**
 * The address ring: where no identity exists yet (login), the limit keys on the client's address, resolved through
 * the trusted proxies. It runs before authentication and before the login route hashes a password, so a flood of
 * guesses from one address costs a Redis round trip each, not 100 ms of CPU. An IPv6 client is counted on its /64
 * ({@link AddressKeys}), so the addresses of one subscriber's prefix share one bucket.
 */
public final class AddressLimitRing implements DynamicFeature {

    /** The request property holding the resolved client address, for the rings and resources inside. */
    public static final String CLIENT_ADDRESS = AddressLimitRing.class.getName() + ".address";

    private final Decisions decisions;
    private final Supplier<Limits> limits;
    private final TrustedProxies proxies;

    @Inject
    private Provider<Request> connection;

    /** @param limits the limits now, whose login limits keyed on the address this ring decides */
    public AddressLimitRing(Limiter limiter, Supplier<Limits> limits, TrustedProxies proxies, Decisions.Recorder recorder,
                            RateLimitHeaders fields) {
        this.decisions = new Decisions(limiter, recorder, fields);
        this.limits = limits;
        this.proxies = proxies;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Limited limited = resource.getResourceMethod().getAnnotation(Limited.class);
        if (limited != null && limited.value() == LimitedRoute.LOGIN) {
            context.register(new Filter(), RingOrder.ADDRESS_LIMIT);
        }
    }

    @Priority(RingOrder.ADDRESS_LIMIT)
    private final class Filter implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            String address = proxies.clientAddress(connection.get().getRemoteAddr(),
                    request.getHeaderString("X-Forwarded-For"));
            request.setProperty(CLIENT_ADDRESS, address);
            List<LimitCheck> checks = limits.get().checks(LimitedRoute.LOGIN,
                    LimitSubject.of(LimitKey.ADDRESS, AddressKeys.limitKey(address)));
            if (!checks.isEmpty()) {
                decisions.answer(request, decisions.decide(checks, LimitedRoute.LOGIN));
            }
        }
    }
}
