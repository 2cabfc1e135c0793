package io.stagedoor.ingress;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.stagedoor.admission.Limiter;
import io.stagedoor.admission.LimiterBuilder;
import io.stagedoor.admission.LimiterSettings;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.ingress.audit.AdmissionAudit;
import io.stagedoor.ingress.audit.DecisionRecorder;
import io.stagedoor.ingress.audit.RefusalTally;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.ingress.rings.PrincipalLimitRing;
import io.stagedoor.ingress.waitingroom.WaitingRoomFeature;
import io.stagedoor.ingress.waitingroom.WaitingRoomWiring;
import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.LoginResource;
import io.stagedoor.ingress.login.PasswordHasher;
import io.stagedoor.ingress.rings.AddressLimitRing;
import io.stagedoor.ingress.scans.ScannedTickets;
import io.stagedoor.ingress.scans.ScansResource;
import io.stagedoor.ingress.scans.TicketBook;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.checkout.CheckoutPermits;
import io.stagedoor.ingress.checkout.CheckoutRequests;
import io.stagedoor.ingress.checkout.CheckoutResource;
import io.stagedoor.ingress.events.AdminEventsResource;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.EventsResource;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.follow.TopicFollower;
import io.stagedoor.ingress.health.HealthResource;
import io.stagedoor.ingress.health.Readiness;
import io.stagedoor.ingress.holds.HoldRequests;
import io.stagedoor.ingress.holds.HoldsResource;
import io.stagedoor.ingress.rings.AcceptHeaderCheck;
import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemErrorPages;
import io.stagedoor.ingress.http.ProblemMappers;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.metrics.MetricsResource;
import io.stagedoor.ingress.metrics.SchedulingLag;
import io.stagedoor.ingress.pages.PagesResource;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.results.PollSlots;
import io.stagedoor.ingress.results.ResultsResource;
import io.stagedoor.ingress.results.ResultsView;
import io.stagedoor.ingress.rings.DoorRing;
import io.stagedoor.ingress.rings.ListenerRing;
import io.stagedoor.ingress.auth.DevelopmentSecrets;
import io.stagedoor.ingress.rings.BodyDeadlineRing;
import io.stagedoor.ingress.rings.CheckoutBoundRing;
import io.stagedoor.ingress.rings.ClientInFlightRing;
import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.topics.connection.ClusterCheck;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.ids.CorrelationIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running ingress instance: the HTTP server with its rings, its publisher and the views that follow the
 * topics. Instances share nothing but Kafka and Redis, so any number can run behind a load balancer.
 */
public final class Ingress implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Ingress.class);
    private static final String ADMIN_LISTENER = "admin";
    private static final Duration CLUSTER_CHECK_DEADLINE = Duration.ofSeconds(30);
    /**
     * Jersey warns that resource instances "do not implement any provider interfaces" although it serves them
     * (eclipse-ee4j/jersey#3700); kept in fields so the levels stick.
     */
    private static final java.util.logging.Logger JERSEY_PROVIDERS = quiet("org.glassfish.jersey.internal.inject.Providers");
    private static final java.util.logging.Logger GRIZZLY = quiet("org.glassfish.grizzly");

    private final Deque<AutoCloseable> parts;
    private final HttpServer server;
    private final ResultsView results;
    private final CheckoutPermits checkouts;
    private final PrometheusMeterRegistry registry;
    private final PasswordHasher hasher;
    private final ConcurrencyBound passwordHashes;
    private final PollSlots pollSlots;

    private Ingress(Deque<AutoCloseable> parts, HttpServer server, ResultsView results, CheckoutPermits checkouts,
                    PrometheusMeterRegistry registry, PasswordHasher hasher, ConcurrencyBound passwordHashes,
                    PollSlots pollSlots) {
        this.parts = parts;
        this.server = server;
        this.results = results;
        this.checkouts = checkouts;
        this.registry = registry;
        this.hasher = hasher;
        this.passwordHashes = passwordHashes;
        this.pollSlots = pollSlots;
    }

    /**
     * Starts an instance; the topics must exist. Returns once it is serving and has read the events. Fails with
     * {@link io.stagedoor.topics.connection.ConnectionMessages#authenticationFailed} when Kafka refuses the
     * client properties' credentials.
     */
    public static Ingress start(IngressSettings settings) {
        return start(settings, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    /**
     * Starts an instance whose meters go to {@code registry} (shared with the workers when they run in the same
     * process, so one {@code /metrics} shows both).
     */
    public static Ingress start(IngressSettings settings, PrometheusMeterRegistry registry) {
        Deque<AutoCloseable> parts = new ArrayDeque<>();
        try {
            return start(settings, parts, registry);
        } catch (RuntimeException e) {
            closeAll(parts);
            throw e;
        }
    }

    private static Ingress start(IngressSettings settings, Deque<AutoCloseable> parts, PrometheusMeterRegistry registry) {
        DevelopmentSecrets.refuseBeyondLoopback(settings);
        Clock clock = Clock.systemUTC();
        IngressMetrics metrics = new IngressMetrics(registry);
        CorrelationIds ids = new CorrelationIds(settings.secretBytes(), clock);
        BuyerTokens tokens = new BuyerTokens(settings.secretBytes(), settings.tokenIssuer(), settings.tokenMaxLifetime(),
                clock);
        JsonBody body = new JsonBody(HttpJson.mapper(), settings.maxBodyBytes());

        ConcurrencyBound door = new ConcurrencyBound("in-flight", settings.maxInFlight());
        TrustedProxies proxies = new TrustedProxies(settings.trustedProxies());
        KeyedConcurrencyBound principalShares =
                new KeyedConcurrencyBound("in-flight-per-principal", settings.maxInFlightPerPrincipal());
        KeyedConcurrencyBound addressShares =
                new KeyedConcurrencyBound("in-flight-per-address", settings.maxInFlightPerAddress());
        CheckoutPermits checkouts = new CheckoutPermits(new ConcurrencyBound("checkouts", settings.maxCheckouts()),
                settings.checkoutPermitTimeout());
        parts.push(checkouts);
        SchedulingLag lag = new SchedulingLag();
        parts.push(lag);

        EventCatalog catalog = new EventCatalog();
        SeatMap seatMap = new SeatMap();
        TicketBook tickets = new TicketBook();
        Accounts accounts = Accounts.load(settings.accountsFile());
        ApiKeys apiKeys = ApiKeys.load(settings.apiKeysFile());
        PasswordHasher hasher = new PasswordHasher(settings.passwordMemoryKib(), settings.passwordIterations());
        ConcurrencyBound passwordHashes = new ConcurrencyBound("password-hashes", settings.maxPasswordHashes());
        ExecutorService hashThreads = Executors.newFixedThreadPool(settings.maxPasswordHashes(),
                Thread.ofPlatform().daemon().name("password-hash-", 0).factory());
        parts.push(hashThreads::shutdownNow);
        PollSlots pollSlots = new PollSlots(settings.maxWaitingPollsPerPrincipal());
        ResultsView results = new ResultsView(settings.resultsWindow(), settings.maxResults(), settings.maxWaitingPolls());
        results.onResult(result -> checkouts.release(result.correlationId()));
        results.onResult(result -> {
            if (result.acceptedAt() != null && result.decidedAt() != null) {
                metrics.resultLatency(Duration.between(result.acceptedAt(), clock.instant()));
            }
        });
        KafkaConnection kafka = settings.kafka();
        ClusterCheck.verify(kafka, CLUSTER_CHECK_DEADLINE);
        TopicFollower events = TopicFollower.start(kafka, settings.topics().events(), Instant.EPOCH, catalog::apply);
        parts.push(events);
        parts.push(TopicFollower.start(kafka, settings.topics().seatChanges(), Instant.EPOCH, record -> {
            seatMap.apply(record);
            tickets.apply(record);
        }));
        parts.push(TopicFollower.start(kafka, settings.topics().results(),
                clock.instant().minus(settings.resultsWindow()), results::apply));
        awaitCaughtUp(events);
        Publisher publisher = new Publisher(kafka, settings.producerMaxBlock(), settings.deliveryTimeout());
        parts.push(publisher);
        // One Redis access for every user: one client, one deadline and breaker policy; closed after all of them.
        RedisAccess redis = settings.redisEndpoint() == null ? null : RedisAccess.open(settings.redisEndpoint(),
                OutageSettings.defaults().withCommandTimeout(settings.redisTimeout()));
        if (redis != null) {
            parts.push(redis);
        }
        Limiter limiter = limiter(settings, registry, redis);
        parts.push(limiter);
        AdmissionAudit audit = new AdmissionAudit(kafka, settings.topics().admissions(), registry);
        parts.push(audit);
        // Pushed after the audit, so it is closed first and its last tallies still reach the producer.
        RefusalTally cachedRefusals = new RefusalTally(audit::record, RefusalTally.MAX_KEYS, clock::millis, true);
        parts.push(cachedRefusals);
        DecisionRecorder recorder = new DecisionRecorder(audit::record, cachedRefusals, clock);
        WaitingRoomFeature waitingRoom = WaitingRoomFeature.create(new WaitingRoomWiring(catalog, redis,
                settings.secretBytes(), kafka, settings.topics(), registry, clock, settings.instanceCount()));
        parts.push(waitingRoom);
        ScannedTickets scanned = ScannedTickets.open(redis);
        parts.push(scanned);
        IdempotentRequests idempotent = IdempotentRequests.open(ids, redis);
        parts.push(idempotent);

        metrics.gauge(IngressMetrics.IN_FLIGHT, door::inUse);
        metrics.gauge(IngressMetrics.IN_FLIGHT_CLIENTS, () -> principalShares.keys() + addressShares.keys());
        metrics.gauge(IngressMetrics.CHECKOUT_PERMITS, () -> checkouts.bound().inUse());
        metrics.gauge(IngressMetrics.SCHEDULING_LAG, () -> lag.current().toNanos() / 1e9);
        metrics.gauge(IngressMetrics.WAITING_POLLS, results::waiting);
        metrics.gauge(IngressMetrics.RESULTS_KEPT, results::size);
        metrics.gauge(IngressMetrics.PASSWORD_HASHES, hasher::invocations);

        NetworkListener admin = new NetworkListener(ADMIN_LISTENER, settings.adminBindAddress(), settings.adminPort());
        HoldRequests holds = new HoldRequests(catalog, body, settings.maxSeatsPerHold());
        CheckoutRequests checkoutRequests = new CheckoutRequests(seatMap, results, idempotent, body);
        ResourceConfig config = new ResourceConfig()
                .register(JacksonFeature.withoutExceptionMappers())
                .register(new HttpJson())
                .register(new ProblemMappers.Raised())
                .register(new ProblemMappers.Framework())
                .register(new ProblemMappers.Unexpected())
                .register(new AcceptHeaderCheck())
                .register(new ListenerRing(admin::getPort))
                .register(new DoorRing(door, metrics))
                .register(new BodyDeadlineRing(settings.bodyDeadline()))
                .register(new ClientInFlightRing(principalShares, addressShares, proxies, metrics))
                .register(new AddressLimitRing(limiter, settings.limits().loginAddress(), proxies, recorder))
                .register(new AuthenticationRing(tokens, apiKeys, settings.adminKey()))
                .register(new PrincipalLimitRing(limiter, settings.limits(), holds, checkoutRequests, recorder))
                .register(new Decisions.Fields())
                .register(waitingRoom)
                .register(new CheckoutBoundRing(checkouts, checkoutRequests, metrics))
                .register(new HealthResource(new Readiness(lag, settings.readyLagThreshold(), door)))
                .register(new MetricsResource(registry))
                .register(new PagesResource())
                .register(new EventsResource(catalog, seatMap))
                .register(new AdminEventsResource(publisher, settings.topics(), catalog, body))
                .register(new HoldsResource(holds, publisher, settings.topics(), idempotent, metrics, clock))
                .register(new CheckoutResource(checkoutRequests, checkouts, publisher, settings.topics(), idempotent,
                        metrics, clock))
                .register(new ResultsResource(results, pollSlots, ids, clock))
                .register(new LoginResource(accounts, hasher, passwordHashes, hashThreads, tokens,
                        new Decisions(limiter, recorder), settings.limits().loginAccount(), body))
                .register(new ScansResource(tickets, catalog, scanned, body))
                .property(ServerProperties.WADL_FEATURE_DISABLE, true)
                .property(ServerProperties.LOCATION_HEADER_RELATIVE_URI_RESOLUTION_DISABLED, true)
                .property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
        URI uri = URI.create("http://" + settings.bindAddress() + ":" + settings.port() + "/");
        HttpServer server = GrizzlyHttpServerFactory.createHttpServer(uri, config, false);
        server.addListener(admin);
        virtualThreadWorkers(server, parts);
        server.getServerConfiguration().setDefaultErrorPageGenerator(new ProblemErrorPages());
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + uri, e);
        }
        parts.push(server::shutdownNow);
        Ingress ingress = new Ingress(parts, server, results, checkouts, registry, hasher, passwordHashes,
                pollSlots);
        LOG.info("ingress listening on http://{}:{}, admin listener on http://{}:{}", settings.bindAddress(),
                ingress.port(), settings.adminBindAddress(), ingress.adminPort());
        return ingress;
    }

    /**
     * Each request runs on a virtual thread of its own instead of waiting in Grizzly's worker queue (which has no
     * limit). A ring that waits for Redis parks only its virtual thread; the door, the first thing every request
     * meets, bounds how many requests do work at once and sheds the rest.
     */
    private static void virtualThreadWorkers(HttpServer server, Deque<AutoCloseable> parts) {
        ExecutorService workers = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("ingress-http-", 0).factory());
        server.getListeners().forEach(listener -> listener.getTransport().setWorkerThreadPool(workers));
        parts.push(workers::shutdownNow);
    }

    private static Limiter limiter(IngressSettings settings, PrometheusMeterRegistry registry, RedisAccess redis) {
        // the topic namespace also separates the limiters' Redis keys of deployments that share one Redis
        LimiterBuilder builder = Limiter.builder().meterRegistry(registry).keyNamespace(settings.topics().namespace())
                .settings(LimiterSettings.defaults().withOutage(
                        OutageSettings.defaults().withCommandTimeout(settings.redisTimeout())));
        return redis == null ? builder.inProcess() : builder.redis(redis);
    }

    private static void awaitCaughtUp(TopicFollower follower) {
        try {
            if (!follower.awaitCaughtUp(Duration.ofSeconds(30))) {
                LOG.warn("the events topic was not read to its end within 30 s; starting anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.logging.Logger quiet(String name) {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
        logger.setLevel(java.util.logging.Level.SEVERE);
        return logger;
    }

    /** The port this instance's public listener listens on. */
    public int port() {
        return server.getListeners().stream().filter(l -> !ADMIN_LISTENER.equals(l.getName())).findFirst()
                .orElseThrow().getPort();
    }

    /** The port of the admin listener: admin routes, {@code /metrics}, the operator page and health. */
    public int adminPort() {
        return server.getListener(ADMIN_LISTENER).getPort();
    }

    /** The results view (for metrics and tests). */
    public ResultsView results() {
        return results;
    }

    /** The checkout bound (for metrics and tests). */
    public ConcurrencyBound checkoutBound() {
        return checkouts.bound();
    }

    /** The password hasher of the login route (for tests). */
    public PasswordHasher passwordHasher() {
        return hasher;
    }

    /** The bound on password hashes computed at once (for metrics and tests). */
    public ConcurrencyBound passwordHashBound() {
        return passwordHashes;
    }

    /** The long polls each principal holds waiting (for metrics and tests). */
    public PollSlots pollSlots() {
        return pollSlots;
    }

    /** Every meter of this instance. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** Stops serving, then the publisher and the followers. Idempotent. */
    @Override
    public void close() {
        closeAll(parts);
    }

    private static void closeAll(Deque<AutoCloseable> parts) {
        synchronized (parts) {
            while (!parts.isEmpty()) {
                try {
                    parts.pop().close();
                } catch (Exception e) {
                    LOG.warn("a part of the ingress did not stop cleanly: {}", e.toString());
                }
            }
        }
    }
}
