package io.stagedoor.ingress;

import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.connection.ConsumerGroupProtocol;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.workers.launch.Workers;
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
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** An ingress instance on the real Kafka of the fixtures, on topics of its own, with an event of 100 seats. */
public final class IngressFixture implements AutoCloseable {

    public static final String EVENT = "concert";
    public static final String ORGANIZER = "org-1";
    public static final int SEATS = 300;

    public final TopicNames topics;
    public final IngressSettings settings;
    public final Ingress ingress;
    public final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final BuyerTokens tokens;

    private IngressFixture(TopicNames topics, IngressSettings settings, Ingress ingress) {
        this.topics = topics;
        this.settings = settings;
        this.ingress = ingress;
        this.tokens = new BuyerTokens(settings.auth().secretBytes(), settings.auth().tokenIssuer(), Clock.systemUTC());
    }

    /** Creates topics of its own, writes the event, and starts an instance with the default settings. */
    public static IngressFixture start() throws Exception {
        return start(b -> b);
    }

    /** Creates topics of its own, writes the event, and starts an instance with adjusted settings. */
    public static IngressFixture start(java.util.function.UnaryOperator<IngressSettings.Builder> adjust) throws Exception {
        TopicNames topics = new TopicNames(TestNames.unique("ingress"));
        String kafka = RealServers.kafkaBootstrap();
        try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka))) {
            TopicCreator.ensure(admin, topics, TopicSettings.defaults().withPartitions(3), 30_000);
        }
        // The limiter's deadline is 1 s here, not the 50 ms of production, and the producer may wait 5 s for the
        // broker, not 1 s: these tests share two cores with the build, the broker and each other, and are about the
        // rings, not the deadlines (admission's SaturatedProcessIT and LimiterOutageIT test the limiter's at the
        // default, KafkaOutageIT the producer's).
        IngressSettings settings = adjust.apply(IngressSettings.builder(kafka).topics(topics).port(0).adminPort(0)
                .redisUri(RealServers.redisUri()).redisTimeout(Duration.ofSeconds(1))
                .producerMaxBlock(Duration.ofSeconds(5)).deliveryTimeout(Duration.ofSeconds(5))).build();
        try (Publisher publisher = new Publisher(kafka, Duration.ofSeconds(5), Duration.ofSeconds(5))) {
            publisher.publish(topics.events(), EVENT, EVENT, event()).get(10, TimeUnit.SECONDS);
        }
        return new IngressFixture(topics, settings, Ingress.start(settings));
    }

    /** Real workers (inventory and checkout pool) on this fixture's topics, ready. */
    public Workers startWorkers(io.stagedoor.workers.payment.PaymentGateway gateway) throws Exception {
        io.stagedoor.workers.WorkerSettings workerSettings = io.stagedoor.workers.WorkerSettings.defaults()
                .withKafka(RealServers.kafkaBootstrap())
                .withNamespace(topics.namespace())
                .withStateDir(java.nio.file.Files.createTempDirectory("workers"));
        Workers workers = Workers.start(workerSettings, gateway);
        if (!workers.awaitReady(Duration.ofSeconds(60))) {
            workers.close();
            throw new IllegalStateException("workers not ready within 60 s");
        }
        return workers;
    }

    /** Another instance sharing this one's topics and secret, as behind one load balancer. */
    public Ingress secondInstance() {
        return Ingress.start(settings);
    }

    /** Another instance sharing this one's topics and secret, with adjusted settings. */
    public Ingress secondInstance(java.util.function.UnaryOperator<IngressSettings.Builder> adjust) {
        return Ingress.start(adjust.apply(settings.toBuilder()).build());
    }

    public static EventDefinition event() {
        List<String> seats = new ArrayList<>();
        for (int i = 1; i <= SEATS; i++) {
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

    /** {@code path} on the admin listener: admin routes, {@code /metrics}, the operator page. */
    public URI adminUri(String path) {
        return URI.create("http://127.0.0.1:" + ingress.adminPort() + path);
    }

    public HttpResponse<String> postHold(String buyer, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/v1/events/" + EVENT + "/holds"))
                .header("Authorization", "Bearer " + token(buyer))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public HttpResponse<String> postCheckout(String buyer, String holdId, String paymentToken)
            throws IOException, InterruptedException {
        return http.send(checkoutRequest(buyer, holdId, paymentToken), HttpResponse.BodyHandlers.ofString());
    }

    /** A ready-to-send checkout request (signing its token costs CPU a burst should not pay). */
    public HttpRequest checkoutRequest(String buyer, String holdId, String paymentToken) {
        return HttpRequest.newBuilder(uri("/v1/holds/" + holdId + "/checkout"))
                .header("Authorization", "Bearer " + token(buyer))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(40))
                .POST(HttpRequest.BodyPublishers.ofString("{\"paymentToken\":\"" + paymentToken + "\"}"))
                .build();
    }

    /** Long-polls a result until it is there; fails after 30 s. */
    public com.fasterxml.jackson.databind.JsonNode result(String buyer, String correlationId) throws Exception {
        return result(ingress, buyer, correlationId);
    }

    /** Long-polls a result on {@code instance} until it is there; fails after 30 s. */
    public com.fasterxml.jackson.databind.JsonNode result(Ingress instance, String buyer, String correlationId)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> poll = send(HttpRequest.newBuilder(uri(instance, "/v1/results/" + correlationId))
                    .header("Authorization", "Bearer " + token(buyer)).header("Prefer", "wait=5"));
            if (poll.statusCode() == 200) {
                return io.stagedoor.topics.json.Json.mapper().readTree(poll.body());
            }
            if (poll.statusCode() != 202) {
                throw new AssertionError("poll answered " + poll.statusCode() + ": " + poll.body());
            }
        }
        throw new AssertionError("no result for " + correlationId + " within 30 s");
    }

    /** Every record of this fixture's results topic, read committed, from the beginning to its end now. */
    public List<ConsumerRecord<String, byte[]>> resultRecords() {
        return records(topics.results());
    }

    /** Every record of this fixture's holds topic, from the beginning to its end now. */
    public List<ConsumerRecord<String, byte[]>> holdRecords() {
        return records(topics.holds());
    }

    private static List<ConsumerRecord<String, byte[]>> records(String topic) {
        Properties config = new Properties();
        config.putAll(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, RealServers.kafkaBootstrap(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"));
        List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                consumer.poll(Duration.ofMillis(200)).forEach(found::add);
            }
        }
        return found;
    }

    /** The correlation id of an accepted POST. */
    public static String correlationId(HttpResponse<String> accepted) throws IOException {
        if (accepted.statusCode() != 202) {
            throw new AssertionError("expected 202, got " + accepted.statusCode() + ": " + accepted.body());
        }
        return io.stagedoor.topics.json.Json.mapper().readTree(accepted.body()).get("correlationId").asText();
    }

    /**
     * A consumer of the fixture's Kafka in a group of its own, reading from the earliest offset, on the group protocol
     * the cluster offers (as every group consumer of the project).
     */
    public static KafkaConsumer<String, byte[]> consumer(String group) {
        Map<String, Object> config = ConsumerGroupProtocol.forCluster(
                KafkaConnection.plaintext(RealServers.kafkaBootstrap()), Duration.ofSeconds(10))
                .consumerProperties(group + "-" + System.nanoTime());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.timeout(Duration.ofSeconds(40)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        ingress.close();
    }
}
