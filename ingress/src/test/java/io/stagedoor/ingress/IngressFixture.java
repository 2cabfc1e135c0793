package io.stagedoor.ingress;

import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/** An ingress instance on the real Kafka of the fixtures, on topics of its own, with an event of 100 seats. */
public final class IngressFixture implements AutoCloseable {

    public static final String EVENT = "concert";
    public static final String ORGANIZER = "org-1";

    public final TopicNames topics;
    public final IngressSettings settings;
    public final Ingress ingress;
    public final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final BuyerTokens tokens;

    private IngressFixture(TopicNames topics, IngressSettings settings, Ingress ingress) {
        this.topics = topics;
        this.settings = settings;
        this.ingress = ingress;
        this.tokens = new BuyerTokens(settings.secretBytes(), settings.tokenIssuer(), Clock.systemUTC());
    }

    /** Creates topics of its own, writes the event, and starts an instance. */
    public static IngressFixture start() throws Exception {
        TopicNames topics = new TopicNames(TestNames.unique("ingress"));
        String kafka = RealServers.kafkaBootstrap();
        try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka))) {
            TopicCreator.ensure(admin, topics, TopicSettings.defaults().withPartitions(3), 30_000);
        }
        IngressSettings settings = IngressSettings.defaults(kafka).withTopics(topics).withPort(0);
        try (Publisher publisher = new Publisher(kafka, Duration.ofSeconds(5), Duration.ofSeconds(5))) {
            publisher.publish(topics.events(), EVENT, EVENT, event()).get(10, TimeUnit.SECONDS);
        }
        return new IngressFixture(topics, settings, Ingress.start(settings));
    }

    /** Another instance sharing this one's topics and secret, as behind one load balancer. */
    public Ingress secondInstance() {
        return Ingress.start(settings);
    }

    public static EventDefinition event() {
        List<String> seats = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            seats.add("S-" + i);
        }
        return new EventDefinition(EVENT, "Concert", ORGANIZER, Instant.parse("2026-12-01T19:00:00Z"), seats, 4500, null);
    }

    public String token(String buyer) {
        return tokens.issue(buyer, Duration.ofMinutes(10));
    }

    public URI uri(String path) {
        return uri(ingress, path);
    }

    public static URI uri(Ingress instance, String path) {
        return URI.create("http://127.0.0.1:" + instance.port() + path);
    }

    public HttpResponse<String> postHold(String buyer, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/v1/events/" + EVENT + "/holds"))
                .header("Authorization", "Bearer " + token(buyer))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.timeout(Duration.ofSeconds(40)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        ingress.close();
    }
}
