package io.stagedoor.system.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.audit.run.Audit;
import io.stagedoor.audit.AuditOptions;
import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.CheckStatus;
import io.stagedoor.client.Accepted;
import io.stagedoor.client.Decided;
import io.stagedoor.client.ResultAnswer;
import io.stagedoor.client.ResultStatus;
import io.stagedoor.client.StagedoorClient;
import io.stagedoor.client.SubmitAnswer;
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
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoublePredicate;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole pipeline with a looped room beside an event whose buyers check out at a steady ten a second, on eight
 * checkout permits: while the payment gateway is quick the room's rate rises; when the gateway slows to three
 * seconds the permits fill and the rate falls within a bounded time; when it recovers the rate rises again; and the
 * audit replays every step from the inputs it recorded.
 */
class EntryLoopPipelineIT {

    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());
    private static final String LOAD_EVENT = TestNames.unique("loop-load");
    private static final String LOOPED_EVENT = TestNames.unique("looped-room");
    private static final double START_RATE = 20;
    private static final Duration QUICK = Duration.ofMillis(10);
    private static final Duration SLOW = Duration.ofSeconds(3);
    /** The longest the loop may take to bring the rate to half after the gateway slows: five steps of 0.7 and room. */
    private static final Duration FALL_WITHIN = Duration.ofSeconds(20);
    private static final Duration RISE_WITHIN = Duration.ofSeconds(30);

    private static Pipeline pipeline;
    private static TopicNames topics;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        Instant opened = Instant.now().minusSeconds(60);
        // An event of its own: a room's state outlives the test in the Redis that other tests share.
        EventDefinition looped = new EventDefinition(LOOPED_EVENT, "Looped room", DemoEvent.ORGANIZER_ID, opened,
                DemoEvent.seats(), DemoEvent.PRICE_CENTS,
                new WaitingRoomSettings(true, START_RATE, opened, Duration.ofMinutes(15)).withEntryLoop(2, 40), 8);
        topics = new TopicNames(TestNames.unique("looped"));
        pipeline = Pipeline.start(PipelineOptions.builder(Files.createTempDirectory("looped")).port(0)
                .kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(3).waitingRoom(true).topics(topics).event(looped)
                .ingressSettings(settings -> settings.maxCheckouts(8)).build());
        EventDefinition load = new EventDefinition(LOAD_EVENT, "Loop load", DemoEvent.ORGANIZER_ID, opened,
                DemoEvent.seats(), DemoEvent.PRICE_CENTS, WaitingRoomSettings.disabled(), 8);
        Pipeline.publishEvent(pipeline.kafka(), topics, load);
        awaitUntil(() -> pipeline.ingress() != null && eventKnown(LOAD_EVENT), Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        pipeline.close();
    }

    @Test
    void theRateFallsWhenTheGatewaySlowsAndRisesWhenItRecovers() throws Exception {
        SimulatedGateway gateway = (SimulatedGateway) pipeline.gateway();
        gateway.latency(QUICK);
        Instant from = Instant.now();
        try (CheckoutLoad load = new CheckoutLoad(URI.create("http://127.0.0.1:" + pipeline.port()))) {
            double risen = awaitRate(rate -> rate > START_RATE, RISE_WITHIN);

            gateway.latency(SLOW);
            long slowedAt = System.nanoTime();
            double fallen = awaitRate(rate -> rate <= risen / 2, FALL_WITHIN);
            Duration fell = Duration.ofNanos(System.nanoTime() - slowedAt);

            gateway.latency(QUICK);
            double[] lowest = {fallen};
            double recovered = awaitRate(rate -> {
                lowest[0] = Math.min(lowest[0], rate);
                return rate >= lowest[0] * 1.3;
            }, RISE_WITHIN);
            assertThat(recovered).as("two steps up from the lowest rate").isGreaterThan(lowest[0]);
            assertThat(fell).isLessThan(FALL_WITHIN);
            assertThat(load.checkoutsAccepted()).as("the load checked out while the gateway was quick").isPositive();
        }

        JsonNode steps = status(LOOPED_EVENT).path("entryLoop").path("steps");
        List<String> reasons = new ArrayList<>();
        steps.forEach(step -> reasons.add(step.path("reason").asText()));
        assertThat(reasons).as("the operator page's plot has the steps, up for headroom and down for permits")
                .contains("headroom", "permits");

        AuditReport audit = Audit.run(AuditOptions.of(pipeline.kafka(), topics, from.minusSeconds(1), Instant.now())
                .withEdge(Duration.ofSeconds(5)));
        CheckResult replayed = audit.check("waiting-room-rate-steps");
        assertThat(replayed.offenses()).isEmpty();
        assertThat(replayed.status()).isEqualTo(CheckStatus.PASSED);
        assertThat((Long) replayed.details().get("steps")).as("steps replayed").isGreaterThanOrEqualTo(3L);
    }

    /** Polls the room's rate until it satisfies {@code wanted}; returns it. */
    private static double awaitRate(DoublePredicate wanted, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        double rate = Double.NaN;
        while (System.nanoTime() < deadline) {
            rate = status(LOOPED_EVENT).path("entryRatePerSecond").asDouble();
            if (wanted.test(rate)) {
                return rate;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
        throw new AssertionError("the rate stayed at " + rate + " for " + within + "; steps: "
                + status(LOOPED_EVENT).path("entryLoop"));
    }

    private static JsonNode status(String eventId) throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + pipeline.adminPort() + "/v1/admin/events/" + eventId + "/waiting-room"))
                .header("X-Admin-Key", IngressSettings.DEVELOPMENT_ADMIN_KEY).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new AssertionError("status of " + eventId + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return Json.mapper().readTree(answer.body());
    }

    private static boolean eventKnown(String eventId) {
        try {
            HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + pipeline.port() + "/v1/events/" + eventId)).GET().build(), HttpResponse.BodyHandlers.ofString());
            return answer.statusCode() == 200;
        } catch (Exception notYet) {
            return false;
        }
    }

    private static void awaitUntil(java.util.function.BooleanSupplier done, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + within);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    /**
     * New buyers of the load event, ten a second, each holding a seat and checking it out; at most 60 sales in
     * flight, so a slow gateway never piles up work in the test.
     */
    private static final class CheckoutLoad implements AutoCloseable {

        private final StagedoorClient client;
        private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        private final Semaphore inFlight = new Semaphore(60);
        private final AtomicInteger nextSeat = new AtomicInteger();
        private final AtomicInteger checkoutsAccepted = new AtomicInteger();
        private final List<String> seats = DemoEvent.seats();

        CheckoutLoad(URI base) {
            this.client = StagedoorClient.of(base);
            ticker.scheduleAtFixedRate(this::startSale, 0, 100, TimeUnit.MILLISECONDS);
        }

        int checkoutsAccepted() {
            return checkoutsAccepted.get();
        }

        private void startSale() {
            int seat = nextSeat.get();
            if (seat >= seats.size() || !inFlight.tryAcquire()) {
                return;
            }
            nextSeat.incrementAndGet();
            Thread.startVirtualThread(() -> {
                try {
                    sell(seats.get(seat));
                } catch (Exception refusedOrSlow) {
                    // the load only has to keep the checkout permits busy; its own answers are not under test
                } finally {
                    inFlight.release();
                }
            });
        }

        private void sell(String seat) throws Exception {
            String token = TOKENS.issue(TestNames.unique("loader"), Duration.ofMinutes(10));
            SubmitAnswer hold = client.hold(token, LOAD_EVENT, List.of(seat)).get(20, TimeUnit.SECONDS);
            if (!(hold instanceof Accepted accepted)) {
                return;
            }
            ResultAnswer held = client.awaitResult(token, accepted.correlationId(), Duration.ofSeconds(20))
                    .get(30, TimeUnit.SECONDS);
            if (!(held instanceof Decided decided) || decided.result().status() != ResultStatus.HELD) {
                return;
            }
            SubmitAnswer checkout = client.checkout(token, decided.result().holdId(), PayrailSettings.TOKEN_OK)
                    .get(20, TimeUnit.SECONDS);
            if (checkout instanceof Accepted paying) {
                checkoutsAccepted.incrementAndGet();
                client.awaitResult(token, paying.correlationId(), Duration.ofSeconds(20)).get(30, TimeUnit.SECONDS);
            }
        }

        @Override
        public void close() {
            ticker.shutdownNow();
            client.close();
        }
    }
}
