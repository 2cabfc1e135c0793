package io.stagedoor.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.audit.run.Audit;
import io.stagedoor.audit.AuditOptions;
import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.CheckStatus;
import io.stagedoor.config.LimitsWatch;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A limit added by one line of the configuration file, and nothing else: "holds per event", two then one an hour.
 * Through the whole pipeline it refuses the third hold of the event (429 naming it), sends its RateLimit fields, is
 * counted in {@code /metrics} under its name, and the audit replays its recorded decisions as a check of its own.
 * The line changed while the pipeline runs (to shadow) applies without a restart.
 */
class DeclaredLimitIT {

    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aLimitDeclaredInTheFileRefusesIsCountedAndIsAudited() throws Exception {
        Path file = Files.createTempFile("declared-limit", ".properties");
        Files.writeString(file, "limits.event-holds = 2,1,PT1H per event on holds\n");
        StagedoorConfig config = StagedoorConfig.load(file, Map.of(), List.of());
        String eventId = TestNames.unique("declared-limit");
        TopicNames topics = new TopicNames(TestNames.unique("declared"));
        EventDefinition event = new EventDefinition(eventId, "Declared limit", DemoEvent.ORGANIZER_ID,
                Instant.now().minusSeconds(60), DemoEvent.seats(), DemoEvent.PRICE_CENTS,
                WaitingRoomSettings.disabled(), 8);
        Instant from = Instant.now();
        try (Pipeline pipeline = Pipeline.start(PipelineOptions.builder(Files.createTempDirectory("declared"))
                .port(0).kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(1).topics(topics).event(event).build(), config)) {
            String holds = "http://127.0.0.1:" + pipeline.port() + "/v1/events/" + eventId + "/holds";
            awaitUntil(() -> status("http://127.0.0.1:" + pipeline.port() + "/v1/events/" + eventId) == 200);

            HttpResponse<String> first = hold(holds, "buyer-a", "A-1");
            HttpResponse<String> second = hold(holds, "buyer-b", "A-2");
            HttpResponse<String> third = hold(holds, "buyer-c", "A-3");

            assertThat(first.statusCode()).isEqualTo(202);
            assertThat(second.statusCode()).isEqualTo(202);
            assertThat(second.headers().firstValue("RateLimit")).as("the tightest limit, the declared one")
                    .hasValue("\"event-holds\";r=0;t=3600"); // one more hold within the hour
            assertThat(third.statusCode()).as("three buyers, one event: the event's limit refuses").isEqualTo(429);
            assertThat(third.headers().firstValue("RateLimit-Policy")).hasValue("\"event-holds\";q=2;w=7200");
            assertThat(third.body()).contains("event-holds");
            String metrics = body("http://127.0.0.1:" + pipeline.adminPort() + "/metrics");
            assertThat(metrics.lines().filter(line -> line.startsWith("stagedoor_admission_decisions")
                    && line.contains("limit=\"event-holds\"")).toList())
                    .as("the declared limit's decisions in /metrics").isNotEmpty();

            AuditReport audit = Audit.run(AuditOptions.of(pipeline.kafka(), topics, from.minusSeconds(1),
                    Instant.now()).withEdge(Duration.ofSeconds(5)));
            CheckResult replayed = audit.check("event-holds-within-policy");
            assertThat(replayed.status()).isEqualTo(CheckStatus.PASSED);
            assertThat(replayed.details()).containsEntry("admitted", 2L).containsEntry("refused", 1L);

            // The same line set to shadow while the pipeline runs: from the next request on it refuses no one.
            try (LimitsWatch ignored = LimitsWatch.start(file, config,
                    () -> StagedoorConfig.load(file, Map.of(), List.of()), pipeline.ingress().limits()::replace)) {
                Files.writeString(file, "limits.event-holds = 2,1,PT1H per event on holds shadow\n");
                Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 1_000));
                int[] seat = {10};
                awaitUntil(() -> hold(holds, "buyer-after", "A-" + seat[0]++).statusCode() == 202);
            }
        }
    }

    private static HttpResponse<String> hold(String holds, String buyer, String seat) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(holds))
                .header("Authorization", "Bearer " + TOKENS.issue(TestNames.unique(buyer), Duration.ofMinutes(5)))
                .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + seat + "\"]}")).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int status(String uri) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(uri)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception notYet) {
            return 0;
        }
    }

    private static String body(String uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(uri)).GET().build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static void awaitUntil(BooleanSupplier done) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }
}
