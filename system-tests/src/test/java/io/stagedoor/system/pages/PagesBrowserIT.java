package io.stagedoor.system.pages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.system.node.NodeTests;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The buyer and operator pages in a real browser: starts the whole pipeline (waiting room on) on the fixtures' real
 * Kafka and Redis, adds a second event whose room has an entry loop, then runs the browser tests in
 * {@code pages/tests/} ({@code node --test}, playwright-core driving Debian's Chromium headless) against it, and fails
 * when they fail. Screenshots and the node output land in {@code pages/artifacts/}.
 *
 * <p>Without node, the npm packages or Chromium the test cannot run: it fails where {@code STAGEDOOR_REQUIRE_BROWSER}
 * is set and is skipped elsewhere ({@link NodeTests}).
 */
class PagesBrowserIT {

    private static final String CHROMIUM = System.getenv().getOrDefault("CHROMIUM_PATH", "/usr/bin/chromium");
    private static final long NODE_TIMEOUT_MINUTES = 10;
    private static final String LOOPED_EVENT = "stagedoor-looped";
    private static final Duration EVENT_KNOWN_WITHIN = Duration.ofSeconds(30);

    private static Path pages;
    private static Pipeline pipeline;

    @BeforeAll
    static void start() throws Exception {
        pages = NodeTests.project("pages");
        requireBrowserTooling(pages);
        Path data = Files.createTempDirectory("pages-browser");
        // The hold-limit page test spends a buyer's burst of 10 seats and then holds one more after the wait, so the
        // event's seat cap per buyer is set above the burst here (the default of 8 would reject the 11th seat).
        TopicNames topics = new TopicNames(TestNames.unique("pages"));
        pipeline = Pipeline.start(PipelineOptions.builder(data).port(0).kafka(RealServers.kafkaBootstrap())
                .redis(RealServers.redisUri()).kafkaPort(0).redisPort(0).partitions(3).waitingRoom(true).topics(topics)
                .maxSeatsPerBuyer(12).build());
        Pipeline.publishEvent(pipeline.kafka(), topics, loopedEvent());
        awaitListed(LOOPED_EVENT);
    }

    /**
     * An event whose room's rate follows the loop from 5 up to 40 buyers a second, published before the other tests
     * so the loop has stepped by the time the operator page watches it. It goes on sale after the demo event, so the
     * event lists (sorted by sale start) keep the demo event first, where the buyer tests choose it.
     */
    private static EventDefinition loopedEvent() {
        Instant opened = Instant.now();
        return new EventDefinition(LOOPED_EVENT, "Stagedoor Looped", DemoEvent.ORGANIZER_ID, opened, DemoEvent.seats(),
                DemoEvent.PRICE_CENTS, new WaitingRoomSettings(true, 5, opened, Duration.ofMinutes(15))
                .withEntryLoop(2, 40), 12);
    }

    private static void awaitListed(String eventId) throws Exception {
        URI events = URI.create("http://127.0.0.1:" + pipeline.port() + "/v1/events");
        long deadline = System.nanoTime() + EVENT_KNOWN_WITHIN.toNanos();
        try (HttpClient http = HttpClient.newHttpClient()) {
            while (!http.send(HttpRequest.newBuilder(events).build(), HttpResponse.BodyHandlers.ofString()).body()
                    .contains("\"" + eventId + "\"")) {
                if (System.nanoTime() > deadline) {
                    fail("the ingress did not list " + eventId + " within " + EVENT_KNOWN_WITHIN);
                }
                Thread.sleep(100);
            }
        }
    }

    @AfterAll
    static void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void theBuyerAndOperatorPagesPassTheirBrowserTests() throws Exception {
        String base = "http://127.0.0.1:" + pipeline.port();
        requirePagesServed(base);
        Path artifacts = Files.createDirectories(pages.resolve("artifacts"));
        NodeTests.run(pages, List.of("tests/"), Map.of(
                        "STAGEDOOR_URL", base,
                        "STAGEDOOR_ADMIN_URL", "http://127.0.0.1:" + pipeline.adminPort(),
                        "CHROMIUM_PATH", CHROMIUM,
                        "STAGEDOOR_LOOPED_EVENT", LOOPED_EVENT),
                artifacts.resolve("node-test.log"), NODE_TIMEOUT_MINUTES, false);
    }

    private static void requireBrowserTooling(Path pages) {
        NodeTests.requireTooling("PagesBrowserIT", pages, List.of("playwright-core"), () -> {
            if (!Files.isExecutable(Path.of(CHROMIUM))) {
                fail("PagesBrowserIT needs Chromium at " + CHROMIUM
                        + ": apt-get update && apt-get install -y chromium (.ci/run does), or set CHROMIUM_PATH");
            }
        });
    }

    private static void requirePagesServed(String base) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode())
                    .as("GET / on the ingress; PagesResource must be registered in Ingress: %s", page.body())
                    .isEqualTo(200);
        }
    }
}
