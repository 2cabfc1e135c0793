package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.topics.replay.RangeReader;
import io.stagedoor.topics.replay.ReplayProgress;
import io.stagedoor.topics.replay.ReplaySettings;
import io.stagedoor.topics.replay.TopicRange;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Real traffic through the whole pipeline (HTTP holds through the ingress; checkouts written to their topic, as the
 * checkout route does not exist yet, and paid by the real checkout pool), then {@code stagedoor audit} over it:
 * every check holds, the command exits 0 and writes its JSON and HTML reports.
 */
class AuditCleanRunIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());

    private static Pipeline pipeline;
    private static TopicNames topics;

    @BeforeAll
    static void start() throws Exception {
        topics = new TopicNames(TestNames.unique("audit-clean"));
        pipeline = Pipeline.start(PipelineOptions.builder(Files.createTempDirectory("audit-clean")).port(0)
                .kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(3).topics(topics).build());
    }

    @AfterAll
    static void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void aCleanRunOfHoldsAndCheckoutsPassesEveryCheckAndTheCommandExitsZero() throws Exception {
        Instant from = Instant.now().minusSeconds(1);
        JsonNode first = result("8812", hold("8812", "[\"A-1\",\"A-2\"]"));
        JsonNode second = result("9000", hold("9000", "[\"B-1\"]"));
        result("7777", hold("7777", "[\"C-1\"]"));
        JsonNode taken = result("5555", hold("5555", "[\"A-2\"]"));
        assertThat(taken.get("reason").asText()).isEqualTo("seat-unavailable");
        String firstCheckout = checkout("8812", first.get("holdId").asText());
        String secondCheckout = checkout("9000", second.get("holdId").asText());
        await().atMost(Duration.ofSeconds(60)).until(() -> resultIds(from).containsAll(List.of(firstCheckout,
                secondCheckout)));

        Path dir = Files.createTempDirectory("audit-report");
        StringWriter out = new StringWriter();
        int exit = new CommandLine(new AuditCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(new StringWriter()))
                .execute("--from", from.toString(), "--kafka", RealServers.kafkaBootstrap(), "--namespace",
                        topics.namespace(), "--edge", "2s", "--json", dir.resolve("audit.json").toString(),
                        "--html", dir.resolve("audit.html").toString());

        assertThat(exit).as(out.toString()).isEqualTo(AuditCommand.PASSED);
        assertThat(out.toString()).contains("PASSED: every check held").containsPattern("[\\d,]+ records/s");
        JsonNode report = Json.mapper().readTree(dir.resolve("audit.json").toFile());
        assertThat(report.get("passed").asBoolean()).isTrue();
        JsonNode checks = report.get("checks");
        assertThat(check(checks, "one-result-per-request").get("status").asText()).isEqualTo("PASSED");
        assertThat(check(checks, "one-result-per-request").get("details").get("answered").asLong()).isEqualTo(6);
        assertThat(check(checks, "seats-never-doubled").get("status").asText()).isEqualTo("PASSED");
        assertThat(check(checks, "buyer-seats-within-cap").get("status").asText()).isEqualTo("PASSED");
        assertThat(check(checks, "buyer-seats-within-cap").get("details").get("holdsJudged").asLong()).isEqualTo(3);
        assertThat(check(checks, "payments-match-sales").get("details").get("holdsSold").asLong()).isEqualTo(2);
        String html = Files.readString(dir.resolve("audit.html"));
        assertThat(html).contains("<svg", "PASSED: every check held", "one-result-per-request")
                .doesNotContain("<script", "http://", "https://");
    }

    private static JsonNode check(JsonNode checks, String name) {
        for (JsonNode check : checks) {
            if (check.get("name").asText().equals(name)) {
                return check;
            }
        }
        throw new AssertionError("no check " + name);
    }

    private static String checkout(String buyer, String holdId) throws Exception {
        String correlationId = TestNames.unique("checkout-" + buyer);
        CheckoutRequested request = new CheckoutRequested(correlationId, DemoEvent.EVENT_ID, holdId, buyer,
                "tok_visa", Instant.now());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, RealServers.kafkaBootstrap(), ProducerConfig.ACKS_CONFIG, "all"),
                new StringSerializer(), new ByteArraySerializer())) {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(topics.checkouts(), DemoEvent.EVENT_ID,
                    Json.write(request));
            Headers.putCorrelationId(record.headers(), correlationId);
            producer.send(record).get(30, TimeUnit.SECONDS);
        }
        return correlationId;
    }

    private static Set<String> resultIds(Instant from) {
        Set<String> ids = new HashSet<>();
        try (RangeReader reader = RangeReader.open(ReplaySettings.defaults(RealServers.kafkaBootstrap()),
                new TopicRange(topics.results(), from, Instant.now()), ReplayProgress.NONE)) {
            reader.forEachRemaining(record -> ids.add(new String(record.key(), StandardCharsets.UTF_8)));
        }
        return ids;
    }

    private static String hold(String buyer, String seats) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri("/v1/events/" + DemoEvent.EVENT_ID + "/holds"))
                .header("Authorization", "Bearer " + TOKENS.issue(buyer, Duration.ofMinutes(5)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":" + seats + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        return Json.mapper().readTree(response.body()).get("correlationId").asText();
    }

    /** Long-polls for a result until it is there (each poll waits up to 5 s on the server). */
    private static JsonNode result(String buyer, String correlationId) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> {
            HttpResponse<String> poll = HTTP.send(HttpRequest.newBuilder(uri("/v1/results/" + correlationId))
                    .header("Authorization", "Bearer " + TOKENS.issue(buyer, Duration.ofMinutes(5)))
                    .header("Prefer", "wait=5").build(), HttpResponse.BodyHandlers.ofString());
            return poll.statusCode() == 200 ? Json.mapper().readTree(poll.body()) : null;
        }, java.util.Objects::nonNull);
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + pipeline.port() + path);
    }
}
