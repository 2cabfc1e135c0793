package io.stagedoor.ingress;

import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.checkout.CheckoutRequests;
import io.stagedoor.ingress.holds.HoldRequests;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.AcceptHeaderCheck;
import io.stagedoor.ingress.rings.AddressLimitRing;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.rings.BodyDeadlineRing;
import io.stagedoor.ingress.rings.ClientInFlightRing;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.ingress.rings.ListenerRing;
import io.stagedoor.ingress.rings.RateLimitHeaders;
import io.stagedoor.ingress.rings.PrincipalLimitRing;
import io.stagedoor.ingress.rings.RingOrder;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The rings every route shares inside Jersey, registered in the order they run ({@link RingOrder}): the
 * accept-header check, the body deadline, the per-client shares of the door, the address limit, the listener,
 * authentication and the principal limit. The rings of one route come with that route's feature: the pass gate with
 * the waiting room, the checkout bound with the checkout route. The door itself runs in the front stage, before
 * Jersey; this feature owns its bounds (the door's and the shares the front counts in too) and binds their gauges.
 */
public final class RingsFeature implements Feature {

    private final IngressSettings settings;
    private final Supplier<Limits> limits;
    private final Limiter limiter;
    private final Decisions.Recorder recorder;
    private final BuyerTokens tokens;
    private final ApiKeys apiKeys;
    private final HoldRequests holds;
    private final CheckoutRequests checkouts;
    private final IngressMetrics metrics;
    private final IntSupplier adminPort;
    private final ConcurrencyBound door;
    private final KeyedConcurrencyBound principalShares;
    private final KeyedConcurrencyBound addressShares;
    private final TrustedProxies proxies;
    private final RateLimitHeaders fields;

    /** @param adminPort the port of the admin listener, known once it listens */
    public RingsFeature(IngressSettings settings, Supplier<Limits> limits, Limiter limiter, Decisions.Recorder recorder,
                        RateLimitHeaders fields, BuyerTokens tokens, ApiKeys apiKeys, HoldRequests holds,
                        CheckoutRequests checkouts, IngressMetrics metrics, IntSupplier adminPort) {
        this.settings = settings;
        this.limits = limits;
        this.limiter = limiter;
        this.recorder = recorder;
        this.tokens = tokens;
        this.apiKeys = apiKeys;
        this.holds = holds;
        this.checkouts = checkouts;
        this.metrics = metrics;
        this.adminPort = adminPort;
        BoundSettings bounds = settings.bounds();
        this.door = new ConcurrencyBound("in-flight", bounds.maxInFlight());
        this.principalShares = new KeyedConcurrencyBound("in-flight-per-principal", bounds.maxInFlightPerPrincipal());
        this.addressShares = new KeyedConcurrencyBound("in-flight-per-address", bounds.maxInFlightPerAddress());
        this.proxies = new TrustedProxies(settings.http().trustedProxies());
        this.fields = fields;
        metrics.gauge(IngressMetrics.IN_FLIGHT, door::inUse);
        metrics.gauge(IngressMetrics.IN_FLIGHT_CLIENTS, () -> principalShares.keys() + addressShares.keys());
    }

    @Override
    public boolean configure(FeatureContext context) {
        context.register(new AcceptHeaderCheck());
        context.register(new BodyDeadlineRing(settings.http().bodyDeadline()));
        context.register(new ClientInFlightRing(principalShares, addressShares, proxies, metrics));
        context.register(new AddressLimitRing(limiter, limits, proxies, recorder, fields));
        context.register(new ListenerRing(adminPort));
        context.register(new AuthenticationRing(tokens, apiKeys, settings.auth().adminKey()));
        context.register(new PrincipalLimitRing(limiter, limits, holds, checkouts, recorder, fields));
        context.register(new Decisions.Fields(fields));
        return true;
    }

    /** The principals' shares of the door, counted in the front stage and in the share ring alike. */
    public KeyedConcurrencyBound principalShares() {
        return principalShares;
    }

    /** The door's bound: requests in flight on this instance (readiness reports it). */
    public ConcurrencyBound door() {
        return door;
    }
}
