package io.stagedoor.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One hold travels the whole pipeline for real: HTTP → holds topic → the inventory (Kafka Streams, exactly-once)
 * → results topic → the results view → HTTP, on the fixtures' real Kafka and Redis.
 */
class WalkingSkeletonIT {

    private static Pipeline pipeline;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("skeleton");
        pipeline = Pipeline.start(PipelineOptions.builder(data).port(0).kafka(RealServers.kafkaBootstrap())
                .redis(RealServers.redisUri()).kafkaPort(0).redisPort(0).partitions(3)
                .topics(new TopicNames(TestNames.unique("skeleton"))).build());
    }

    @AfterAll
    static void stop() {
        pipeline.close();
    }

    @Test
    void aHoldComesBackHeldAndASecondBuyerOnTheSameSeatIsRejected() throws Exception {
        HttpResponse<String> first = hold("8812", "[\"B-7\",\"B-8\"]");
        assertThat(first.statusCode()).isEqualTo(202);
        String firstId = field(first, "correlationId");
        assertThat(first.headers().firstValue("Location")).contains("/v1/results/" + firstId);

        JsonNode held = result("8812", firstId);
        assertThat(held.get("status").asText()).isEqualTo("held");
        assertThat(held.get("holdId").asText()).isNotBlank();
        assertThat(held.get("expiresAt").asText()).matches("\\d{4}-\\d{2}-\\d{2}T.*Z");

        HttpResponse<String> second = hold("9000", "[\"B-8\"]");
        JsonNode rejected = result("9000", field(second, "correlationId"));
        assertThat(rejected.get("status").asText()).isEqualTo("rejected");
        assertThat(rejected.get("reason").asText()).isEqualTo("seat-unavailable");
    }

    @Test
    void aResultIsPendingUntilItArrivesAndNobodyElseCanReadIt() throws Exception {
        String id = field(hold("8812", "[\"C-1\"]"), "correlationId");
        HttpResponse<String> foreign = HTTP.send(HttpRequest.newBuilder(uri("/v1/results/" + id))
                .header("Authorization", "Bearer " + TOKENS.issue("9000", Duration.ofMinutes(5))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(result("8812", id).get("status").asText()).isEqualTo("held");
    }

    @Test
    void theSeatMapShowsWhatTheInventoryHeld() throws Exception {
        String id = field(hold("7777", "[\"D-3\"]"), "correlationId");
        result("7777", id);
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
            HttpResponse<String> event = HTTP.send(HttpRequest.newBuilder(uri("/v1/events/" + DemoEvent.EVENT_ID)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return event.body().contains("{\"seatId\":\"D-3\",\"status\":\"held\"}");
        });
    }

    private static HttpResponse<String> hold(String buyer, String seats) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri("/v1/events/" + DemoEvent.EVENT_ID + "/holds"))
                .header("Authorization", "Bearer " + TOKENS.issue(buyer, Duration.ofMinutes(5)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":" + seats + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Long-polls for a result (Prefer: wait) until it is there; fails after 30 s. */
    private static JsonNode result(String buyer, String correlationId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> poll = HTTP.send(HttpRequest.newBuilder(uri("/v1/results/" + correlationId))
                    .header("Authorization", "Bearer " + TOKENS.issue(buyer, Duration.ofMinutes(5)))
                    .header("Prefer", "wait=5").build(), HttpResponse.BodyHandlers.ofString());
            if (poll.statusCode() == 200) {
                return Json.mapper().readTree(poll.body());
            }
            assertThat(poll.statusCode()).isEqualTo(202);
        }
        throw new AssertionError("no result for " + correlationId + " within 30 s");
    }

    private static String field(HttpResponse<String> response, String name) throws Exception {
        return Json.mapper().readTree(response.body()).get(name).asText();
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + pipeline.port() + path);
    }
}
