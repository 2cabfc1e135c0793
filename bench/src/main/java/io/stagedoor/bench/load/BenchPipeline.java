package io.stagedoor.bench.load;

import io.stagedoor.admission.limit.Limits;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.harness.Pipeline.Part;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.embedded.Ports;
import io.stagedoor.ingress.Ingress;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.testsupport.RedisClusterServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;

/**
 * The pipeline of {@code ./stagedoor up} (embedded Kafka and Redis, the workers with the simulated gateway, one
 * ingress) on free ports and a fresh data directory, laid out in one JVM or two ({@link Layout}), plus the
 * benchmark's own events and a {@link ResultWatch} on the ingress. The configuration is the product's defaults,
 * overridden by {@code STAGEDOOR_*} environment variables as for {@code ./stagedoor up}.
 */
public final class BenchPipeline implements AutoCloseable {

    public static final String HOST = "127.0.0.1";

    /** Where the parts run. The load driver always runs in this JVM, beside the ingress. */
    public enum Layout {
        /** Everything in this JVM, as {@code ./stagedoor up} runs it. */
        ONE_JVM,
        /**
         * The ingress in this JVM; Kafka, the workers (and Redis, a process of its own either way) in a child JVM,
         * as a deployment separates them: one side's garbage collections no longer stop the other.
         */
        SPLIT;

        /** {@code one-jvm} or {@code split}. */
        public static Layout parse(String name) {
            return valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private final AutoCloseable backend;
    private final Ingress ingress;
    private final String kafkaBootstrap;
    private final IntSupplier paymentsInFlightMax;
    private final ResultWatch results;
    private final HttpRequests http;

    private BenchPipeline(AutoCloseable backend, Ingress ingress, String kafkaBootstrap,
                         IntSupplier paymentsInFlightMax) {
        this.backend = backend;
        this.ingress = ingress;
        this.kafkaBootstrap = kafkaBootstrap;
        this.paymentsInFlightMax = paymentsInFlightMax;
        this.results = new ResultWatch(ingress.results());
        this.http = new HttpRequests(HOST, ingress.port());
    }

    /** Starts everything with {@code partitions} per topic, laid out as {@code layout}; the ingress gets a free port. */
    public static BenchPipeline start(int partitions, Layout layout) throws IOException {
        return start(partitions, layout, BenchRedis.ONE);
    }

    /**
     * The same on {@code redis}: with {@link BenchRedis#CLUSTER} a three-primary Redis Cluster of its own (loopback,
     * one {@code redis-server} process per node) instead of the embedded single Redis; one JVM only.
     */
    public static BenchPipeline start(int partitions, Layout layout, BenchRedis redis) throws IOException {
        Path data = Files.createTempDirectory("stagedoor-bench-");
        if (redis == BenchRedis.CLUSTER) {
            if (layout != Layout.ONE_JVM) {
                throw new IllegalArgumentException("--redis cluster runs with --layout one-jvm only");
            }
            RedisClusterServers cluster = RedisClusterServers.start(3);
            try {
                Pipeline pipeline = Pipeline.start(options(data, partitions), StagedoorConfig.load(null,
                        System.getenv(), List.of("ingress.redis-cluster=" + String.join(",", cluster.nodes()))));
                AutoCloseable both = () -> {
                    pipeline.close();
                    cluster.close();
                };
                return new BenchPipeline(both, pipeline.ingress(), pipeline.kafkaBootstrap(),
                        () -> pipeline.workers().metrics().paymentsInFlightMax());
            } catch (RuntimeException e) {
                cluster.close();
                throw e;
            }
        }
        StagedoorConfig config = config();
        if (layout == Layout.ONE_JVM) {
            Pipeline pipeline = Pipeline.start(options(data, partitions), config);
            return new BenchPipeline(pipeline, pipeline.ingress(), pipeline.kafkaBootstrap(),
                    () -> pipeline.workers().metrics().paymentsInFlightMax());
        }
        BackendProcess backend = BackendProcess.start(data, partitions);
        try {
            Pipeline front = Pipeline.start(options(data, partitions).toBuilder().kafka(backend.kafkaBootstrap())
                    .redis(backend.redisUri()).parts(EnumSet.of(Part.INGRESS)).build(), config);
            AutoCloseable both = () -> {
                front.close();
                backend.close();
            };
            return new BenchPipeline(both, front.ingress(), backend.kafkaBootstrap(), backend::paymentsInFlightMax);
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    /**
     * Redis and Kafka ({@code kafka} and {@code redis} when not null, else embedded ones on free ports), topics of the
     * run's own named {@code prefix} and a random suffix holding {@code event}, and one ingress with {@code limits} on
     * a free port: no workers, with the product's default configuration. Closing it stops what it started.
     */
    public static Pipeline ingressAlone(String kafka, String redis, String prefix, EventDefinition event, Limits limits)
            throws IOException {
        TopicNames topics = new TopicNames(prefix + UUID.randomUUID().toString().substring(0, 8));
        PipelineOptions options = PipelineOptions.builder(Files.createTempDirectory("stagedoor-bench-")).port(0)
                .kafka(kafka).redis(redis).kafkaPort(Ports.anyFree()).redisPort(Ports.anyFree()).topics(topics)
                .parts(EnumSet.of(Part.TOPICS, Part.INGRESS)).event(event)
                .ingressSettings(settings -> settings.limits(limits)).build();
        return Pipeline.start(options, StagedoorConfig.defaults());
    }

    /** What {@code ./stagedoor up} would start, on free ports, in {@code data}. */
    static PipelineOptions options(Path data, int partitions) {
        return PipelineOptions.builder(data).port(0).kafkaPort(Ports.anyFree()).redisPort(Ports.anyFree())
                .partitions(partitions).build();
    }

    /** The product's defaults, overridden by {@code STAGEDOOR_*} environment variables. */
    static StagedoorConfig config() {
        return StagedoorConfig.load(null, System.getenv(), List.of());
    }

    /**
     * Defines {@code count} events {@code prefix-0…} of {@code seats} seats ({@code s1…}) each, every one with an
     * organizer of its own, and waits until the ingress knows them all.
     */
    public List<String> defineEvents(String prefix, int count, int seats) throws Exception {
        List<String> seatIds = IntStream.rangeClosed(1, seats).mapToObj(i -> "s" + i).toList();
        List<String> ids = new ArrayList<>();
        for (int e = 0; e < count; e++) {
            String id = prefix + "-" + e;
            Pipeline.publishEvent(kafkaBootstrap, TopicNames.defaults(),
                    new EventDefinition(id, "Bench " + id, "org-" + id, Instant.EPOCH, seatIds, 4_500, null));
            ids.add(id);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        try (HttpConnection connection = new HttpConnection(HOST, port())) {
            for (String id : ids) {
                while (connection.exchange(http.get("/v1/events/" + id, null)).status() != 200) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the ingress never saw event " + id);
                    }
                    Thread.sleep(50);
                }
            }
        }
        return ids;
    }

    /**
     * Waits until the ingress's seat map shows at least {@code held} held seats of each event ({@code GET
     * /v1/events/{id}}): it learns them from the seat-changes topic, apart from the results a bench waits for.
     */
    public void awaitHeldSeats(Map<String, Integer> held, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String marker = "\"status\":\"held\"";
        try (HttpConnection connection = new HttpConnection(HOST, port())) {
            for (Map.Entry<String, Integer> event : held.entrySet()) {
                while (occurrences(connection.exchange(http.get("/v1/events/" + event.getKey(), null)).bodyText(),
                        marker) < event.getValue()) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the ingress never saw the holds of " + event.getKey());
                    }
                    Thread.sleep(20);
                }
            }
        }
    }

    private static int occurrences(String text, String needle) {
        int count = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length())) {
            count++;
        }
        return count;
    }

    public int port() {
        return ingress.port();
    }

    public HttpRequests http() {
        return http;
    }

    public ResultWatch results() {
        return results;
    }

    /** The ingress instance, for its metrics and bounds. */
    public Ingress ingress() {
        return ingress;
    }

    public String kafkaBootstrap() {
        return kafkaBootstrap;
    }

    /** The most payments the workers ever had in flight at once. */
    public int paymentsInFlightMax() {
        return paymentsInFlightMax.getAsInt();
    }

    @Override
    public void close() throws Exception {
        backend.close();
    }
}
