package io.stagedoor.ingress;

import io.stagedoor.ingress.metrics.TraceExemplars;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.stagedoor.admission.limit.LiveLimits;
import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.waitingroom.RoomOptions;
import io.stagedoor.ingress.audit.AuditedLimiter;
import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.checkout.CheckoutFeature;
import io.stagedoor.ingress.checkout.CheckoutPermits;
import io.stagedoor.ingress.checkout.CheckoutRequests;
import io.stagedoor.ingress.checkout.FullBound;
import io.stagedoor.ingress.events.AdminEventsResource;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.EventsResource;
import io.stagedoor.ingress.follow.ResultLaneFollower;
import io.stagedoor.ingress.follow.TopicViews;
import io.stagedoor.ingress.front.CheckoutsAhead;
import io.stagedoor.ingress.front.FrontStage;
import io.stagedoor.ingress.front.HoldsAhead;
import io.stagedoor.ingress.front.RouteAhead;
import io.stagedoor.ingress.health.HealthResource;
import io.stagedoor.ingress.health.Readiness;
import io.stagedoor.ingress.holds.HoldAcceptance;
import io.stagedoor.ingress.holds.HoldRequests;
import io.stagedoor.ingress.holds.HoldsResource;
import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemJsonFeature;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.LoginFeature;
import io.stagedoor.ingress.login.PasswordHasher;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.metrics.MetricsResource;
import io.stagedoor.ingress.metrics.SchedulingLag;
import io.stagedoor.ingress.openapi.OpenApiResource;
import io.stagedoor.ingress.pages.PagesResource;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.results.DecidedRequests;
import io.stagedoor.ingress.results.PollSlots;
import io.stagedoor.ingress.results.ResultsResource;
import io.stagedoor.ingress.results.ResultsView;
import io.stagedoor.ingress.rings.DoorRing;
import io.stagedoor.ingress.rings.RateLimitHeaders;
import io.stagedoor.ingress.scans.ScannedTickets;
import io.stagedoor.ingress.scans.ScansResource;
import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.presale.PresaleFeature;
import io.stagedoor.ingress.waitingroom.WaitingRoomFeature;
import io.stagedoor.ingress.waitingroom.HeadroomProbe;
import io.stagedoor.ingress.waitingroom.WaitingRoomWiring;
import io.stagedoor.topics.connection.ClusterCheck;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.ids.CorrelationIds;
import java.time.Clock;
import java.time.Duration;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running ingress instance: the HTTP server with its rings, its publisher and the views that follow the
 * topics. Instances share nothing but Kafka and Redis, so any number can run behind a load balancer. The
 * application is a list of features registered in the order a request meets them: the rings every route shares
 * ({@link RingsFeature}), then each route with the rings of its own (waiting room, checkout), then the rest.
 */
public final class Ingress implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Ingress.class);
    private static final Duration CLUSTER_CHECK_DEADLINE = Duration.ofSeconds(30);

    private final Parts parts;
    private final HttpServer server;
    private final ResultsView results;
    private final ResultLaneFollower lanes;
    private final CheckoutPermits checkouts;
    private final PrometheusMeterRegistry registry;
    private final LoginFeature login;
    private final PollSlots pollSlots;
    private final KeyedConcurrencyBound principalShares;
    private final LiveLimits limits;

    private Ingress(Parts parts, HttpServer server, ResultsView results, ResultLaneFollower lanes,
                    CheckoutPermits checkouts, PrometheusMeterRegistry registry, LoginFeature login,
                    PollSlots pollSlots, KeyedConcurrencyBound principalShares, LiveLimits limits) {
        this.lanes = lanes;
        this.principalShares = principalShares;
        this.limits = limits;
        this.parts = parts;
        this.server = server;
        this.results = results;
        this.checkouts = checkouts;
        this.registry = registry;
        this.login = login;
        this.pollSlots = pollSlots;
    }

    /**
     * Starts an instance; the topics must exist. Returns once it is serving and has read the events. Fails with
     * {@link io.stagedoor.topics.TopicsMessages#authenticationFailed} when Kafka refuses the
     * client properties' credentials.
     */
    public static Ingress start(IngressSettings settings) {
        return start(settings, TraceExemplars.registry());
    }

    /**
     * Starts an instance whose meters go to {@code registry} (shared with the workers when they run in the same
     * process, so one {@code /metrics} shows both).
     */
    public static Ingress start(IngressSettings settings, PrometheusMeterRegistry registry) {
        Parts parts = new Parts();
        try {
            return start(settings, parts, registry);
        } catch (RuntimeException e) {
            parts.close();
            throw e;
        }
    }

    private static Ingress start(IngressSettings settings, Parts parts, PrometheusMeterRegistry registry) {
        DevelopmentSecrets.refuseBeyondLoopback(settings);
        Clock clock = Clock.systemUTC();
        HttpSettings http = settings.http();
        AuthSettings auth = settings.auth();
        BoundSettings bounds = settings.bounds();
        ResultsSettings kept = settings.results();
        IngressMetrics metrics = new IngressMetrics(registry);
        RateLimitHeaders fields = new RateLimitHeaders(RateLimitHeaders.Draft.parse(http.rateLimitFields()));
        LiveLimits limits = new LiveLimits(settings.limits());
        CorrelationIds ids = new CorrelationIds(auth.secretBytes(), clock);
        BuyerTokens tokens = new BuyerTokens(auth.secretBytes(), auth.tokenIssuer(), auth.tokenMaxLifetime(), clock);
        JsonBody body = new JsonBody(HttpJson.mapper(), http.maxBodyBytes());
        CheckoutPermits checkouts = parts.push(new CheckoutPermits(
                new ConcurrencyBound("checkouts", bounds.maxCheckouts()), bounds.checkoutPermitTimeout()));
        SchedulingLag lag = parts.push(new SchedulingLag());
        Accounts accounts = Accounts.load(auth.accountsFile());
        ApiKeys apiKeys = ApiKeys.load(auth.apiKeysFile());
        PollSlots pollSlots = new PollSlots(kept.maxWaitingPollsPerPrincipal());

        TopicViews views = new TopicViews(kept.window(), kept.maxResults(), kept.maxWaitingPolls());
        ResultsView results = views.results();
        results.onResult(result -> checkouts.release(result.correlationId()));
        results.onResult(result -> {
            if (result.acceptedAt() != null && result.decidedAt() != null) {
                metrics.resultLatency(Duration.between(result.acceptedAt(), clock.instant()));
            }
        });
        KafkaConnection kafka = settings.kafka();
        ClusterCheck.verify(kafka, CLUSTER_CHECK_DEADLINE);
        parts.push(views).follow(kafka, settings.topics(), clock, settings.instanceIndex(), settings.instanceCount());
        EventCatalog catalog = views.catalog();
        Publisher publisher = parts.push(new Publisher(kafka, settings.producer().maxBlock(),
                settings.producer().deliveryTimeout()));
        // One Redis access for every user: one client, one deadline and breaker policy; closed after all of them.
        RedisAccess redis = settings.redisEndpoint() == null ? null : RedisAccess.open(settings.redisEndpoint(),
                OutageSettings.defaults().withCommandTimeout(settings.redisTimeout()));
        if (redis != null) {
            parts.push(redis);
            redis.policy().bindTo(registry);
        }
        AuditedLimiter limiter = parts.push(new AuditedLimiter(redis, settings.topics().namespace(),
                settings.redisTimeout(), kafka, settings.topics().admissions(), registry, clock));
        HeadroomProbe headroom = parts.push(new HeadroomProbe(checkouts.bound(), lag, kafka, settings.topics(), clock));
        results.onResult(headroom::resultArrived);
        PresaleFeature presales = parts.push(new PresaleFeature(catalog, redis, auth.secretBytes(), publisher,
                settings.topics(), clock).start());
        WaitingRoomFeature waitingRoom = parts.push(WaitingRoomFeature.create(new WaitingRoomWiring(catalog, redis,
                auth.secretBytes(), kafka, settings.topics(), registry, clock, settings.instanceCount(),
                views.seatMap(), headroom, RoomOptions.defaults().withTickets(settings.room().tickets(),
                settings.room().joinWindow(), settings.room().viewAge())
                .withMaxRetryAfter(settings.room().maxPollInterval()),
                new TrustedProxies(settings.http().trustedProxies()), presales.gate())));
        results.onResult(waitingRoom::resultArrived);
        views.onSeatChange(waitingRoom::seatChanged);
        ScannedTickets scanned = parts.push(ScannedTickets.open(redis));
        IdempotentRequests idempotent = parts.push(IdempotentRequests.open(ids, redis, clock, views.lanes()::issueLane,
                views.lanes()::lookedUp));
        DecidedRequests decided = new DecidedRequests(results, ids, clock);
        LoginFeature login = parts.push(new LoginFeature(accounts, auth.passwordMemoryKib(),
                auth.passwordIterations(), bounds.maxPasswordHashes(), tokens, limiter.decisions(fields),
                limits, body, metrics));

        metrics.gauge(IngressMetrics.CHECKOUT_PERMITS, () -> checkouts.bound().inUse());
        metrics.gauge(IngressMetrics.SCHEDULING_LAG, () -> lag.current().toNanos() / 1e9);
        metrics.gauge(IngressMetrics.WAITING_POLLS, results::waiting);
        metrics.gauge(IngressMetrics.RESULTS_KEPT, results::size);
        metrics.gauge(IngressMetrics.RESULT_LANES, () -> views.lanes().lanes().size());
        metrics.counted(IngressMetrics.RESULTS_FOLLOWED, views.lanes()::recordsFollowed);

        NetworkListener admin = HttpListeners.admin(http.adminBindAddress(), http.adminPort());
        HoldRequests holds = new HoldRequests(catalog, body, bounds.maxSeatsPerHold());
        CheckoutRequests checkoutRequests = new CheckoutRequests(views.seatMap(), decided, idempotent, body);
        FullBound fullBound = new FullBound(checkouts, views.seatMap(), metrics);
        metrics.gauge(IngressMetrics.CHECKOUTS_PASSING, fullBound::passing);
        HoldAcceptance acceptance = new HoldAcceptance(publisher, settings.topics(), idempotent, decided, metrics, clock);
        RingsFeature rings = new RingsFeature(settings, limits, limiter.limiter(), limiter.recorder(), fields, tokens,
                apiKeys, holds, checkoutRequests, metrics, admin::getPort);
        Readiness readiness = new Readiness(lag, settings.readyLagThreshold(), rings.door(), views::failing);
        // in the order a request meets them: the shared rings, then each route with the rings of its own
        ResourceConfig config = new ResourceConfig()
                .register(new ProblemJsonFeature())
                .register(rings)
                .register(waitingRoom)
                .register(presales)
                .register(new HoldsResource(holds, acceptance))
                .register(new CheckoutFeature(checkoutRequests, checkouts, fullBound, publisher, settings.topics(), idempotent,
                        metrics, clock))
                .register(login)
                .register(new ScansResource(views.tickets(), catalog, scanned, body))
                .register(new ResultsResource(results, pollSlots, ids, clock))
                .register(new EventsResource(catalog, views.seatMap()))
                .register(new AdminEventsResource(publisher, settings.topics(), catalog, body, bounds.maxSeatsPerBuyer()))
                .register(new HealthResource(readiness))
                .register(new MetricsResource(registry))
                .register(new PagesResource())
                .register(new OpenApiResource())
                .property(ServerProperties.WADL_FEATURE_DISABLE, true)
                .property(ServerProperties.LOCATION_HEADER_RELATIVE_URI_RESOLUTION_DISABLED, true)
                .property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
        HoldsAhead holdsAhead = new HoldsAhead(admin::getPort, tokens, rings.principalShares(), holds,
                limits, limiter.decisions(fields), waitingRoom.room(), acceptance, metrics);
        DoorRing door = new DoorRing(rings.door(), metrics);
        RouteAhead ahead = RouteAhead.first(holdsAhead, new CheckoutsAhead(admin::getPort, http.maxBodyBytes(), tokens,
                rings.principalShares(), fullBound, metrics));
        HttpServer server = HttpListeners.start(http, admin, config,
                (jersey, threads) -> new FrontStage(jersey, door, ahead, readiness, threads, metrics), metrics, parts::push);
        Ingress ingress = new Ingress(parts, server, results, views.lanes(), checkouts, registry, login, pollSlots,
                rings.principalShares(), limits);
        LOG.info("ingress listening on http://{}:{}, admin listener on http://{}:{}", http.bindAddress(),
                ingress.port(), http.adminBindAddress(), ingress.adminPort());
        return ingress;
    }

    /** The port this instance's public listener listens on. */
    public int port() {
        return HttpListeners.publicPort(server);
    }

    /** The port of the admin listener: admin routes, {@code /metrics}, the operator page and health. */
    public int adminPort() {
        return HttpListeners.adminPort(server);
    }

    /** The results view (for metrics and tests). */
    public ResultsView results() {
        return results;
    }

    /**
     * The partitions of the results topic this instance follows, or will from its follower's next fetch on: its home
     * lanes and those polls here visit (decision 0028; for tests).
     */
    public java.util.Set<Integer> resultLanes() {
        return lanes.wanted();
    }

    /** The checkout bound (for metrics and tests). */
    public ConcurrencyBound checkoutBound() {
        return checkouts.bound();
    }

    /** The password hasher of the login route (for tests). */
    public PasswordHasher passwordHasher() {
        return login.hasher();
    }

    /** Each principal's share of the door, counted in the front stage and in Jersey's share ring (for tests). */
    public KeyedConcurrencyBound principalShares() {
        return principalShares;
    }

    /** The bound on password hashes computed at once (for metrics and tests). */
    public ConcurrencyBound passwordHashBound() {
        return login.hashes();
    }

    /** The long polls each principal holds waiting (for metrics and tests). */
    public PollSlots pollSlots() {
        return pollSlots;
    }

    /**
     * The limits this instance applies now; {@link LiveLimits#replace} changes them from the next request on (the
     * configuration file's watch does, when a {@code limits.*} line changes).
     */
    public LiveLimits limits() {
        return limits;
    }

    /** Every meter of this instance. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** Stops serving, then the publisher and the followers. Idempotent. */
    @Override
    public void close() {
        parts.close();
    }
}
