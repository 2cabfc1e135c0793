package io.stagedoor.ingress.rings;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.ingress.front.FrontStage;
import io.stagedoor.ingress.front.RouteAhead;
import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.HttpListeners;
import io.stagedoor.ingress.http.ProblemMappers;
import io.stagedoor.ingress.metrics.IngressMetrics;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The door on a real HTTP server with a tiny bound and a route that holds requests inside until told. */
class DoorRingTest {

    private static final int LIMIT = 3;
    private final CountDownLatch release = new CountDownLatch(1);
    private final ConcurrencyBound bound = new ConcurrencyBound("in-flight", LIMIT);
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Deque<AutoCloseable> stops = new ArrayDeque<>();
    private HttpServer server;

    @Path("/slow")
    public final class Slow {
        @GET
        public String slow() throws InterruptedException {
            release.await(30, TimeUnit.SECONDS);
            return "done";
        }
    }

    @Path("/health/live")
    public static final class Live {
        @GET
        public String live() {
            return "live";
        }
    }

    @BeforeEach
    void start() throws Exception {
        ResourceConfig config = new ResourceConfig()
                .register(JacksonFeature.withoutExceptionMappers())
                .register(new HttpJson())
                .register(new ProblemMappers.Raised())
                .register(new Slow())
                .register(new Live());
        IngressMetrics metrics = new IngressMetrics(registry);
        DoorRing door = new DoorRing(bound, metrics);
        server = HttpListeners.start(IngressSettings.builder("unused").port(0).build().http(),
                HttpListeners.admin("127.0.0.1", 0), config,
                (jersey, threads) -> new FrontStage(jersey, door, RouteAhead.NONE, () -> true, threads, metrics), metrics,
                stops::push);
    }

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        while (!stops.isEmpty()) {
            stops.pop().close();
        }
    }

    @Test
    void inventedPathsShareOneRouteTag() throws Exception {
        for (int i = 0; i < 50; i++) {
            assertThat(http.send(get("/invented-" + i), HttpResponse.BodyHandlers.ofString()).statusCode())
                    .isEqualTo(404);
        }
        assertThat(registry.find(IngressMetrics.SERVED).timers())
                .extracting(timer -> timer.getId().getTag("route"))
                .containsOnly(DoorRing.OTHER_ROUTE);
    }

    @Test
    void theRequestPastTheBoundIsShedAtOnceAndHealthStillAnswers() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> inside = new ArrayList<>();
        for (int i = 0; i < LIMIT; i++) {
            inside.add(http.sendAsync(get("/slow"), HttpResponse.BodyHandlers.ofString()));
        }
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> bound.inUse() == LIMIT);

        HttpResponse<String> shed = http.send(get("/slow"), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> health = http.send(get("/health/live"), HttpResponse.BodyHandlers.ofString());

        assertThat(shed.statusCode()).isEqualTo(503);
        assertThat(shed.headers().firstValue("Retry-After")).contains(String.valueOf(DoorRing.RETRY_AFTER_SECONDS));
        assertThat(shed.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(shed.body()).contains("service-overloaded");
        assertThat(health.statusCode()).isEqualTo(200);

        release.countDown();
        for (CompletableFuture<HttpResponse<String>> request : inside) {
            assertThat(request.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        }
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> bound.inUse() == 0);
        assertThat(http.send(get("/slow"), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    }

    @Test
    void aPathThatOnlyLooksExemptIsStillShed() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> inside = new ArrayList<>();
        for (int i = 0; i < LIMIT; i++) {
            inside.add(http.sendAsync(get("/slow"), HttpResponse.BodyHandlers.ofString()));
        }
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> bound.inUse() == LIMIT);

        for (String disguised : List.of("/health/live/../../slow", "/health/live/..%2F..%2Fslow", "/metrics/../slow",
                "/v1/results/../../slow")) {
            HttpResponse<String> answer = http.sendAsync(get(disguised), HttpResponse.BodyHandlers.ofString())
                    .get(5, TimeUnit.SECONDS);
            assertThat(answer.statusCode()).as(disguised).isEqualTo(503);
        }
        release.countDown();
        for (CompletableFuture<HttpResponse<String>> request : inside) {
            assertThat(request.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + HttpListeners.publicPort(server) + path);
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(20)).build();
    }
}
