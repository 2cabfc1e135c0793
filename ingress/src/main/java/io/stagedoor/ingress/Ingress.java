package io.stagedoor.ingress;

import io.stagedoor.ingress.auth.AuthenticationRing;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.events.AdminEventsResource;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.EventsResource;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.follow.TopicFollower;
import io.stagedoor.ingress.health.HealthResource;
import io.stagedoor.ingress.holds.HoldsResource;
import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemMappers;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.results.ResultsResource;
import io.stagedoor.ingress.results.ResultsView;
import io.stagedoor.topics.ids.CorrelationIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running ingress instance: the HTTP server, its publisher and the views that follow the topics. Instances
 * share nothing but Kafka and Redis, so any number can run behind a load balancer.
 */
public final class Ingress implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Ingress.class);
    /**
     * Jersey warns that resource instances "do not implement any provider interfaces" although it serves them
     * (eclipse-ee4j/jersey#3700); kept in a field so the level sticks.
     */
    private static final java.util.logging.Logger JERSEY_PROVIDERS = quiet("org.glassfish.jersey.internal.inject.Providers");
    private static final java.util.logging.Logger GRIZZLY = quiet("org.glassfish.grizzly");

    private final HttpServer server;
    private final Publisher publisher;
    private final List<TopicFollower> followers;
    private final ResultsView results;

    private Ingress(HttpServer server, Publisher publisher, List<TopicFollower> followers, ResultsView results) {
        this.server = server;
        this.publisher = publisher;
        this.followers = followers;
        this.results = results;
    }

    /** Starts an instance; the topics must exist. Returns once it is serving and has read the events. */
    public static Ingress start(IngressSettings settings) {
        Clock clock = Clock.systemUTC();
        CorrelationIds ids = new CorrelationIds(settings.secretBytes(), clock);
        BuyerTokens tokens = new BuyerTokens(settings.secretBytes(), settings.tokenIssuer(), clock);
        JsonBody body = new JsonBody(HttpJson.mapper(), settings.maxBodyBytes());

        EventCatalog catalog = new EventCatalog();
        SeatMap seatMap = new SeatMap();
        ResultsView results = new ResultsView(settings.resultsWindow(), settings.maxResults(), settings.maxWaitingPolls());
        List<TopicFollower> followers = new ArrayList<>();
        String kafka = settings.kafkaBootstrap();
        followers.add(TopicFollower.start(kafka, settings.topics().events(), Instant.EPOCH, catalog::apply));
        followers.add(TopicFollower.start(kafka, settings.topics().seatChanges(), Instant.EPOCH, seatMap::apply));
        followers.add(TopicFollower.start(kafka, settings.topics().results(),
                clock.instant().minus(settings.resultsWindow()), results::apply));
        awaitCaughtUp(followers.get(0));
        Publisher publisher = new Publisher(kafka, settings.producerMaxBlock(), settings.deliveryTimeout());

        ResourceConfig config = new ResourceConfig()
                .register(JacksonFeature.withoutExceptionMappers())
                .register(new HttpJson())
                .register(new ProblemMappers.Raised())
                .register(new ProblemMappers.Framework())
                .register(new ProblemMappers.Unexpected())
                .register(new AuthenticationRing(tokens, settings.adminKey()))
                .register(new HealthResource(() -> true))
                .register(new EventsResource(catalog, seatMap))
                .register(new AdminEventsResource(publisher, settings.topics(), catalog, body))
                .register(new HoldsResource(catalog, publisher, settings.topics(), ids, body,
                        settings.maxSeatsPerHold(), clock))
                .register(new ResultsResource(results, ids, clock))
                .property(ServerProperties.WADL_FEATURE_DISABLE, true)
                .property(ServerProperties.LOCATION_HEADER_RELATIVE_URI_RESOLUTION_DISABLED, true)
                .property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
        URI uri = URI.create("http://" + settings.bindAddress() + ":" + settings.port() + "/");
        HttpServer server = GrizzlyHttpServerFactory.createHttpServer(uri, config, false);
        try {
            server.start();
        } catch (IOException e) {
            publisher.close();
            followers.forEach(TopicFollower::close);
            throw new UncheckedIOException("cannot listen on " + uri, e);
        }
        Ingress ingress = new Ingress(server, publisher, followers, results);
        LOG.info("ingress listening on http://{}:{}", settings.bindAddress(), ingress.port());
        return ingress;
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

    /** The port this instance listens on. */
    public int port() {
        return server.getListeners().iterator().next().getPort();
    }

    /** The results view (for metrics and tests). */
    public ResultsView results() {
        return results;
    }

    @Override
    public void close() {
        server.shutdownNow();
        publisher.close();
        followers.forEach(TopicFollower::close);
    }
}
