package io.stagedoor.harness.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stagedoor.harness.DemoAccounts;
import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.ReadyLine;
import io.stagedoor.embedded.EmbeddedKafkaCluster;
import io.stagedoor.embedded.Ports;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.workers.launch.WorkerMain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The pipeline as separate processes on loopback: a broker (or three brokers in this JVM, see {@link ChaosKafka}),
 * Redis (reached through a {@link DelayProxy}), the payment gateway, two worker processes and two ingress instances,
 * on topics of their own namespace. Every part can be stopped, killed and started again on its ports and data. {@link #close()}, or a JVM shutdown hook if the
 * harness dies first, stops every process it started.
 */
final class ChaosCluster implements AutoCloseable {

    static final String ORGANIZER = "org-chaos";
    static final String INGRESS_READY = "ingress listening on";

    private final ChaosSettings settings;
    private final TopicNames topics;
    private final int redisPort;
    private final int gatewayPort;
    private final List<Integer> ingressPorts = new ArrayList<>();
    private final List<Integer> adminPorts = new ArrayList<>();
    private final ChaosKafka kafka;
    private final ProcessPart redis;
    private final ProcessPart gateway;
    private final List<ProcessPart> workers = new ArrayList<>();
    private final List<ProcessPart> ingresses = new ArrayList<>();
    private final DelayProxy redisProxy;
    private final Thread shutdownHook = new Thread(this::stopAll, "chaos-cluster-stop");
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final BuyerTokens tokens = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());

    private ChaosCluster(ChaosSettings settings, ChaosKafka kafka, String partMain) throws IOException {
        this.settings = settings;
        Path dir = settings.runDir();
        Files.createDirectories(dir);
        this.topics = new TopicNames("chaos" + System.currentTimeMillis() / 1000);
        this.kafka = kafka;
        this.redisPort = Ports.anyFree();
        this.gatewayPort = Ports.anyFree();
        this.redisProxy = DelayProxy.start(0, redisPort);
        redis = ProcessPart.java("redis", "64m", partMain, List.of("redis", "--port", String.valueOf(redisPort)),
                ReadyLine.MARKER, dir);
        gateway = ProcessPart.java("gateway", "128m", partMain, List.of("gateway", "--port", String.valueOf(gatewayPort),
                "--latency-ms", String.valueOf(settings.gatewayLatency().toMillis())), ReadyLine.MARKER, dir);
        Path accounts = dir.resolve("accounts.json");
        Path apiKeys = dir.resolve("api-keys.json");
        for (int i = 0; i < 2; i++) {
            int port = Ports.anyFree();
            int adminPort = Ports.anyFree();
            ingressPorts.add(port);
            adminPorts.add(adminPort);
            ingresses.add(ProcessPart.java("ingress-" + (i + 1), "384m", partMain, List.of("ingress",
                    "--kafka", kafka(), "--redis", "redis://127.0.0.1:" + redisProxy.port(), "--port", String.valueOf(port),
                    "--admin-port", String.valueOf(adminPort), "--namespace", topics.namespace(), "--accounts", accounts.toString(), "--api-keys", apiKeys.toString()),
                    INGRESS_READY, dir));
            workers.add(ProcessPart.java("worker-" + (i + 1), "384m", WorkerMain.class.getName(), List.of(
                    "--kafka", kafka(), "--namespace", topics.namespace(), "--gateway-url", gatewayUri().toString(),
                    "--state-dir", dir.resolve("worker-" + (i + 1)).toString(), "--payment-timeout-ms", "3000",
                    "--record-lock-ms", "15000"), WorkerMain.READY, dir));
        }
        DemoAccounts.ensure(accounts, apiKeys);
    }

    /**
     * Starts every part (the independent ones side by side) on {@code brokers} brokers (1 or 3), creates the topics,
     * and returns once all are ready.
     */
    static ChaosCluster start(ChaosSettings settings, int brokers, String partMain) {
        ChaosCluster cluster;
        ChaosKafka kafka = ChaosKafka.of(brokers, settings.runDir(), partMain);
        try {
            cluster = new ChaosCluster(settings, kafka, partMain);
        } catch (IOException | RuntimeException e) {
            kafka.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
        Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
        try {
            together(List.of(cluster.kafka::start, cluster.redis::start, cluster.gateway::start));
            Pipeline.ensureTopics(KafkaConnection.plaintext(cluster.kafka()), cluster.topics,
                    cluster.kafka.topicSettings(settings.partitions()), Duration.ofSeconds(60));
            together(List.of(cluster.workers.get(0)::start, cluster.workers.get(1)::start,
                    cluster.ingresses.get(0)::start, cluster.ingresses.get(1)::start));
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private static void together(List<Runnable> starts) {
        CompletableFuture.allOf(starts.stream()
                .map(start -> CompletableFuture.runAsync(start, command -> Thread.ofVirtual().start(command)))
                .toArray(CompletableFuture[]::new)).join();
    }

    String kafka() {
        return kafka.bootstrapServers();
    }

    TopicNames topics() {
        return topics;
    }

    ChaosSettings settings() {
        return settings;
    }

    URI ingress(int index) {
        return URI.create("http://127.0.0.1:" + ingressPorts.get(index));
    }

    /** The admin listener of ingress {@code index}: {@code /metrics} and the admin routes. */
    URI admin(int index) {
        return URI.create("http://127.0.0.1:" + adminPorts.get(index));
    }

    ProcessPart ingressPart(int index) {
        return ingresses.get(index);
    }

    ProcessPart worker(int index) {
        return workers.get(index);
    }

    /** The one broker process; only on one broker. */
    ProcessPart broker() {
        if (kafka instanceof ChaosKafka.OneBroker one) {
            return one.part();
        }
        throw new IllegalStateException(HarnessMessages.chaosClusterRunsOnThreeBrokers());
    }

    /** The three brokers; only on three. */
    EmbeddedKafkaCluster threeBrokers() {
        if (kafka instanceof ChaosKafka.ThreeBrokers three) {
            return three.cluster();
        }
        throw new IllegalStateException(HarnessMessages.chaosClusterRunsOnOneBroker());
    }

    ProcessPart redis() {
        return redis;
    }

    DelayProxy redisProxy() {
        return redisProxy;
    }

    URI gatewayUri() {
        return URI.create("http://127.0.0.1:" + gatewayPort);
    }

    HttpClient http() {
        return http;
    }

    /** A bearer token for {@code buyer}, signed with the secret the ingress instances share. */
    String token(String buyer) {
        return tokens.issue(buyer, Duration.ofHours(2));
    }

    /** Writes {@code event} to the events topic and waits until both ingress instances show it. */
    void define(EventDefinition event) {
        Pipeline.publishEvent(kafka(), topics, event);
        for (int i = 0; i < ingressPorts.size(); i++) {
            URI uri = ingress(i).resolve("/v1/events/" + event.eventId());
            Waits.until(Duration.ofSeconds(60), "event " + event.eventId() + " on ingress " + (i + 1),
                    () -> status(uri) == 200);
        }
    }

    /** Idempotency keys the gateway took money for more than once. */
    int doubleCharges() {
        JsonNode charges = gatewayLedger().path("charges");
        int doubled = 0;
        for (JsonNode count : charges) {
            doubled += count.asInt() > 1 ? 1 : 0;
        }
        return doubled;
    }

    /** The gateway's ledger as it answers {@code GET /v1/ledger}. */
    JsonNode gatewayLedger() {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(gatewayUri().resolve("/v1/ledger"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            return new ObjectMapper().readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(HarnessMessages.ledgerUnreadable(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The status of a GET, or -1 when nothing answered. */
    int status(URI uri) {
        try {
            return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs or ran
        }
        http.close();
    }

    /** Stops the ingress instances first, then the workers (they drain), then what they depend on. */
    private synchronized void stopAll() {
        List<ProcessPart> order = new ArrayList<>(ingresses);
        order.addAll(workers);
        CompletableFuture.allOf(order.stream()
                .map(part -> CompletableFuture.runAsync(part::close, command -> new Thread(command).start()))
                .toArray(CompletableFuture[]::new)).join();
        gateway.close();
        kafka.close();
        redis.close();
        redisProxy.close();
    }
}
