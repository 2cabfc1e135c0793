package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.json.Json;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import io.stagedoor.ingress.holds.HoldRequests;
import io.stagedoor.ingress.holds.HoldAcceptance;
import io.stagedoor.ingress.holds.HoldsResource;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.ProblemMappers;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.presale.PresaleFeature;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.ids.CorrelationIds;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import io.stagedoor.admission.waitingroom.RoomOptions;
import io.stagedoor.admission.waitingroom.RoomTickets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/**
 * A Jersey server with the rings the waiting room sits between (authentication before, the hold route after) and
 * {@link WaitingRoomFeature} registered as the lead registers it in {@code Ingress}; on the real Kafka, with its
 * room on the clock the test moves.
 */
final class RoomServer implements AutoCloseable {

    static final byte[] SECRET = "the waiting-room test secret, 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    static final String ADMIN_KEY = "test-admin-key";
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    /** Signed tickets, as an ingress runs by default. */
    static final RoomOptions SIGNED = RoomOptions.defaults()
            .withTickets(RoomTickets.SIGNED, Duration.ofMillis(100), Duration.ofMillis(250));
    /** The tests' client stands as the load balancer: its X-Forwarded-For names the buyer's address. */
    static final io.stagedoor.ingress.auth.TrustedProxies LOOPBACK_BALANCER =
            new io.stagedoor.ingress.auth.TrustedProxies(List.of("127.0.0.1/32"));
    private static final BuyerTokens TOKENS = new BuyerTokens(SECRET, "stagedoor", Clock.systemUTC());

    final WaitingRoomFeature feature;
    /** The presales, whose schedule the test steps ({@link PresaleFeature#runDueSteps()}). */
    final PresaleFeature presales;
    /** The seat map the room asks whether an event sold out; the test applies seat changes to it. */
    final SeatMap seats = new SeatMap();
    private final RedisAccess redis;
    private final Publisher publisher;
    private final IdempotentRequests idempotent;
    private final HttpServer server;

    RoomServer(EventCatalog catalog, TopicNames topics, String redisUri, Clock roomClock, int instances) {
        String kafka = RealServers.kafkaBootstrap();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        this.redis = redisUri == null ? null : RedisAccess.open(RedisEndpoint.of(redisUri), OutageSettings.defaults());
        this.publisher = new Publisher(kafka, Duration.ofSeconds(5), Duration.ofSeconds(10));
        this.presales = new PresaleFeature(catalog, redis, SECRET, publisher, topics, roomClock);
        this.feature = WaitingRoomFeature.create(new WaitingRoomWiring(catalog, redis, SECRET,
                io.stagedoor.topics.connection.KafkaConnection.plaintext(kafka), topics,
                registry, roomClock, instances, seats, null, SIGNED, LOOPBACK_BALANCER, presales.gate()));
        this.idempotent = IdempotentRequests.open(new CorrelationIds(SECRET, Clock.systemUTC()), null);
        ResourceConfig config = new ResourceConfig()
                .register(JacksonFeature.withoutExceptionMappers())
                .register(new HttpJson())
                .register(new ProblemMappers.Raised())
                .register(new ProblemMappers.Framework())
                .register(new ProblemMappers.Unexpected())
                .register(new AuthenticationRing(TOKENS, ApiKeys.load(null), ADMIN_KEY))
                .register(feature)
                .register(presales)
                .register(new HoldsResource(new HoldRequests(catalog, new JsonBody(HttpJson.mapper(), 16 * 1024), 8),
                        new HoldAcceptance(publisher, topics, idempotent, new io.stagedoor.ingress.results.DecidedRequests(
                                new io.stagedoor.ingress.results.ResultsView(Duration.ofMinutes(2), 1_000, 10),
                                new CorrelationIds(SECRET, Clock.systemUTC()), Clock.systemUTC()),
                        new IngressMetrics(registry), Clock.systemUTC())))
                .property(ServerProperties.WADL_FEATURE_DISABLE, true)
                .property(ServerProperties.LOCATION_HEADER_RELATIVE_URI_RESOLUTION_DISABLED, true);
        this.server = GrizzlyHttpServerFactory.createHttpServer(URI.create("http://127.0.0.1:0/"), config, true);
    }

    /** Topics of the test's own, on the shared broker. */
    static TopicNames topics() throws Exception {
        TopicNames topics = new TopicNames(TestNames.unique("waiting-room"));
        try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                RealServers.kafkaBootstrap()))) {
            TopicCreator.ensure(admin, topics, TopicSettings.defaults().withPartitions(1), 30_000);
        }
        return topics;
    }

    static EventDefinition event(String eventId, boolean roomOn, double rate, Instant opensAt) {
        return new EventDefinition(eventId, eventId, "org-1", opensAt, List.of("S-1", "S-2", "S-3"), 4500,
                new WaitingRoomSettings(roomOn, rate, opensAt, Duration.ofMinutes(15)));
    }

    static String token(String buyer) {
        return TOKENS.issue(buyer, Duration.ofMinutes(30));
    }

    /** Sells {@code seatIds} of {@code eventId}, as the seat-changes topic would tell the instance. */
    void sell(String eventId, List<String> seatIds) {
        SeatChange change = new SeatChange(eventId, seatIds, SeatStatus.SOLD, "hold-" + eventId, "sold",
                Instant.now(), seatIds.stream().map(seat -> "ticket-" + seat).toList());
        seats.apply(new ConsumerRecord<>("seat-changes", 0, 0, eventId, Json.write(change)));
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getListeners().iterator().next().getPort() + path);
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> join(String eventId, String buyer) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + token(buyer)).POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** {@code POST /v1/events/{eventId}/queue} as {@code buyer}, presenting the ticket they hold in the header. */
    HttpResponse<String> joinHolding(String eventId, String buyer, String ticket) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + token(buyer)).header(WaitingRoomFeature.TICKET_HEADER, ticket)
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** The same, presenting the ticket in the cookie a browser keeps. */
    HttpResponse<String> joinWithCookie(String eventId, String buyer, String ticket) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + token(buyer))
                .header("Cookie", WaitingRoomFeature.TICKET_COOKIE + "=" + ticket)
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** {@code DELETE /v1/events/{eventId}/queue} as {@code buyer}: leaving the room. */
    HttpResponse<String> leave(String eventId, String buyer) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + token(buyer)).DELETE());
    }

    HttpResponse<String> look(String eventId, String buyer, String ticket) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/v1/events/" + eventId + "/queue/" + ticket))
                .header("Authorization", "Bearer " + token(buyer)));
    }

    /** A hold of one seat, with the pass in the header (or none when null). */
    HttpResponse<String> hold(String eventId, String buyer, String pass) throws IOException, InterruptedException {
        HttpRequest.Builder request = holdRequest(eventId, buyer);
        if (pass != null) {
            request.header(WaitingRoomFeature.PASS_HEADER, pass);
        }
        return send(request);
    }

    HttpRequest.Builder holdRequest(String eventId, String buyer) {
        return HttpRequest.newBuilder(uri("/v1/events/" + eventId + "/holds"))
                .header("Authorization", "Bearer " + token(buyer))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-1\"]}"));
    }

    HttpResponse<String> admin(String method, String eventId, String body, String key)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/v1/admin/events/" + eventId + "/waiting-room"))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            request.header("X-Admin-Key", key);
        }
        return send(request);
    }

    @Override
    public void close() {
        server.shutdownNow();
        feature.close();
        publisher.close();
        idempotent.close();
        if (redis != null) {
            redis.close();
        }
    }
}
