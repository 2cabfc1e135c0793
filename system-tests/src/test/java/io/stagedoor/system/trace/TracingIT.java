package io.stagedoor.system.trace;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.metrics.TraceExemplars;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.topics.trace.RequestLogs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * One hold and one checkout followed through the whole pipeline by their traces, with the SDK's in-memory exporter:
 * the caller's {@code traceparent} is the parent of the ingress's server span, whose context rides in the record
 * headers of every topic the request touches (holds or checkouts, payments, payment outcomes, results), through the
 * inventory and the checkout pool, back to the ingress that reads the result. The latency histograms' exemplars name
 * the trace, and a log line about a payment carries its trace id.
 */
class TracingIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());
    private static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private static Pipeline pipeline;
    private static TopicNames topics;
    private static OpenTelemetrySdk sdk;

    @BeforeAll
    static void start() throws Exception {
        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(SPANS)).build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
        GlobalOpenTelemetry.resetForTest();
        GlobalOpenTelemetry.set(sdk);
        topics = new TopicNames(TestNames.unique("traced"));
        pipeline = Pipeline.start(PipelineOptions.builder(Files.createTempDirectory("traced")).port(0)
                .kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(3).topics(topics).build());
    }

    @AfterAll
    static void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
        GlobalOpenTelemetry.resetForTest();
        sdk.close();
    }

    @Test
    void aHoldIsOneTraceFromTheCallerToTheResult() throws Exception {
        String traceId = newTraceId();
        HttpResponse<String> accepted = hold("5101", "[\"E-1\"]", traceId);
        assertThat(accepted.statusCode()).isEqualTo(202);
        String id = field(accepted.body(), "correlationId");
        assertThat(result("5101", id).get("status").asText()).isEqualTo("held");

        List<SpanData> trace = awaitSpans(traceId, "deliver result");
        SpanData server = named(trace, "POST holds");
        assertThat(server.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(server.getParentSpanId()).isEqualTo(CALLER_SPAN);
        SpanData publish = named(trace, "publish " + topics.holds());
        SpanData inventory = named(trace, "inventory hold");
        SpanData delivered = named(trace, "deliver result");
        assertThat(publish.getParentSpanId()).isEqualTo(server.getSpanId());
        assertThat(inventory.getParentSpanId()).isEqualTo(publish.getSpanId());
        assertThat(delivered.getParentSpanId()).isEqualTo(inventory.getSpanId());
        assertThat(delivered.getAttributes().asMap().values()).contains(id);
    }

    @Test
    void aCheckoutIsOneTraceThroughTheInventoryThePoolAndTheGateway() throws Exception {
        String holdId = result("5102", field(hold("5102", "[\"E-2\"]", newTraceId()).body(), "correlationId"))
                .get("holdId").asText();
        String traceId = newTraceId();
        HttpResponse<String> accepted = HTTP.send(HttpRequest.newBuilder(uri("/v1/holds/" + holdId + "/checkout"))
                .header("Authorization", bearer("5102")).header("Content-Type", "application/json")
                .header("Idempotency-Key", UUID.randomUUID().toString()).header("traceparent", traceparent(traceId))
                .POST(HttpRequest.BodyPublishers.ofString("{\"paymentToken\":\"tok_ok\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        assertThat(result("5102", field(accepted.body(), "correlationId")).get("status").asText()).isEqualTo("confirmed");

        List<SpanData> trace = awaitSpans(traceId, "deliver result");
        SpanData server = named(trace, "POST checkout");
        SpanData publish = named(trace, "publish " + topics.checkouts());
        SpanData checkout = named(trace, "inventory checkout");
        SpanData pay = named(trace, "pay");
        SpanData gateway = named(trace, "payment gateway charge");
        SpanData outcome = named(trace, "inventory payment outcome");
        SpanData delivered = named(trace, "deliver result");
        assertThat(publish.getParentSpanId()).isEqualTo(server.getSpanId());
        assertThat(checkout.getParentSpanId()).isEqualTo(publish.getSpanId());
        assertThat(pay.getParentSpanId()).as("the payments record carries the checkout's span")
                .isEqualTo(checkout.getSpanId());
        assertThat(gateway.getParentSpanId()).isEqualTo(pay.getSpanId());
        assertThat(gateway.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(outcome.getParentSpanId()).as("the outcome record carries the payment's span")
                .isEqualTo(pay.getSpanId());
        assertThat(delivered.getParentSpanId()).isEqualTo(outcome.getSpanId());
    }

    @Test
    void theLatencyHistogramsHaveExemplarsOfTheTraces() throws Exception {
        String traceId = newTraceId();
        hold("5103", "[\"E-3\"]", traceId);
        awaitSpans(traceId, "POST holds");
        // a bucket keeps one exemplar for a while (the sampler's retention): any traced hold's will do
        Awaitility.await().atMost(PATIENCE).untilAsserted(() -> {
            List<String> exemplars = pipeline.ingress().registry().scrape(TraceExemplars.OPENMETRICS).lines()
                    .filter(line -> line.startsWith("stagedoor_ingress_served_seconds_bucket")
                            && line.contains("route=\"holds\"") && line.contains(" # {"))
                    .toList();
            assertThat(exemplars).as("exemplars on the holds route's histogram").isNotEmpty()
                    .allSatisfy(line -> assertThat(traced()).contains(traceIdOf(line)));
        });
    }

    private static java.util.Set<String> traced() {
        return SPANS.getFinishedSpanItems().stream().map(SpanData::getTraceId).collect(Collectors.toSet());
    }

    private static String traceIdOf(String exemplarLine) {
        java.util.regex.Matcher id = java.util.regex.Pattern.compile("trace_id=\"([0-9a-f]{32})\"").matcher(exemplarLine);
        assertThat(id.find()).as(exemplarLine).isTrue();
        return id.group(1);
    }

    @Test
    void aLogLineAboutAPaymentCarriesItsTraceAndCorrelationIds() throws Exception {
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(lines);
        try {
            String traceId = newTraceId();
            String correlationId = "unreadable-" + UUID.randomUUID();
            ProducerRecord<String, byte[]> garbage = new ProducerRecord<>(topics.payments(), correlationId,
                    "not json".getBytes(StandardCharsets.UTF_8));
            garbage.headers().add("traceparent", traceparent(traceId).getBytes(StandardCharsets.UTF_8));
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of("bootstrap.servers",
                    RealServers.kafkaBootstrap()), new StringSerializer(), new ByteArraySerializer())) {
                producer.send(garbage).get();
            }
            Awaitility.await().atMost(PATIENCE).untilAsserted(() -> assertThat(List.copyOf(lines.list).stream()
                    .filter(line -> correlationId.equals(line.getMDCPropertyMap().get(RequestLogs.CORRELATION_ID))))
                    .isNotEmpty()
                    .allSatisfy(line -> assertThat(line.getMDCPropertyMap()).containsEntry(RequestLogs.TRACE_ID, traceId)
                            .containsKey(RequestLogs.SPAN_ID)));
        } finally {
            root.detachAppender(lines);
        }
    }

    /** The caller's own span, the parent it names in {@code traceparent}. */
    private static final String CALLER_SPAN = "00f067aa0ba902b7";

    private static String newTraceId() {
        byte[] id = new byte[16];
        ThreadLocalRandom.current().nextBytes(id);
        id[0] |= 1; // never all zeros
        return HexFormat.of().formatHex(id);
    }

    private static String traceparent(String traceId) {
        return "00-" + traceId + "-" + CALLER_SPAN + "-01";
    }

    private static List<SpanData> awaitSpans(String traceId, String last) {
        Awaitility.await().atMost(PATIENCE).untilAsserted(() -> assertThat(inTrace(traceId).stream()
                .map(SpanData::getName)).as("the spans of trace %s", traceId).contains(last));
        return inTrace(traceId);
    }

    private static List<SpanData> inTrace(String traceId) {
        return SPANS.getFinishedSpanItems().stream().filter(span -> span.getTraceId().equals(traceId)).toList();
    }

    private static SpanData named(List<SpanData> trace, String name) {
        List<SpanData> found = trace.stream().filter(span -> span.getName().equals(name)).toList();
        assertThat(found).as("spans named '%s' in %s", name,
                trace.stream().map(SpanData::getName).collect(Collectors.joining(", "))).hasSize(1);
        return found.getFirst();
    }

    private static HttpResponse<String> hold(String buyer, String seats, String traceId) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri("/v1/events/" + DemoEvent.EVENT_ID + "/holds"))
                .header("Authorization", bearer(buyer)).header("Content-Type", "application/json")
                .header("traceparent", traceparent(traceId))
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":" + seats + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Long-polls for a result until it is there; fails after 30 s. */
    private static JsonNode result(String buyer, String correlationId) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> poll = HTTP.send(HttpRequest.newBuilder(uri("/v1/results/" + correlationId))
                    .header("Authorization", bearer(buyer)).header("Prefer", "wait=5").build(),
                    HttpResponse.BodyHandlers.ofString());
            if (poll.statusCode() == 200) {
                return Json.mapper().readTree(poll.body());
            }
            assertThat(poll.statusCode()).isEqualTo(202);
        }
        throw new AssertionError("no result for " + correlationId + " within " + PATIENCE);
    }

    private static String bearer(String buyer) {
        return "Bearer " + TOKENS.issue(buyer, Duration.ofMinutes(5));
    }

    private static String field(String body, String name) throws Exception {
        return Json.mapper().readTree(body).get(name).asText();
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + pipeline.port() + path);
    }
}
