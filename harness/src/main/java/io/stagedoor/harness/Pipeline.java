package io.stagedoor.harness;

import io.stagedoor.ingress.metrics.TraceExemplars;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.ingress.Ingress;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.DevelopmentSecrets;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PaymentGateway;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole pipeline in one process: Redis and Kafka (embedded unless given), the topics, the demo event, the
 * workers and one ingress instance, or the {@linkplain Part parts} of it a benchmark or test asks for. {@link #close()} stops everything, child processes included, in reverse order.
 */
public final class Pipeline implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Pipeline.class);

    /** What a pipeline starts besides the servers (Redis and Kafka, embedded unless {@link PipelineOptions} names them). */
    public enum Part {
        /** The topics, created when missing, and the event definition written to them. */
        TOPICS,
        /** The workers, with the simulated payment gateway. */
        WORKERS,
        /** One ingress instance. */
        INGRESS;

        /** Everything: what {@code ./stagedoor up} starts. */
        public static Set<Part> all() {
            return EnumSet.allOf(Part.class);
        }
    }

    private static final String KAFKA_UNKNOWN_YET = "unknown";
    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private final PrometheusMeterRegistry registry = TraceExemplars.registry();
    private TopicNames topics;
    private String kafkaBootstrap;
    private KafkaConnection kafka;
    private String redisUri;
    private EmbeddedRedis embeddedRedis;
    private EmbeddedKafka embeddedKafka;
    private Ingress ingress;
    private Workers workers;
    private PaymentGateway gateway;

    private Pipeline() {
    }

    /** Starts the parts of {@code options} with the default configuration; on failure stops what had started. */
    public static Pipeline start(PipelineOptions options) {
        return start(options, StagedoorConfig.defaults());
    }

    /**
     * Starts everything but the ingress (Redis, Kafka, the topics, the demo event, the workers), for a benchmark
     * that runs its ingress in another process, as a deployment does; {@link #ingress()} is then null.
     */
    public static Pipeline startBackend(PipelineOptions options, StagedoorConfig config) {
        return start(options.toBuilder().parts(EnumSet.of(Part.TOPICS, Part.WORKERS)).build(), config);
    }

    /**
     * Starts the servers and the {@linkplain PipelineOptions#parts() parts} of {@code options}; on failure stops what had
     * started and rethrows. {@link #workers()} and {@link #ingress()} are null for a part not started.
     */
    public static Pipeline start(PipelineOptions options, StagedoorConfig config) {
        if (options.parts().contains(Part.INGRESS)) {
            // before a broker or a worker starts, not after a minute of it
            DevelopmentSecrets.refuseBeyondLoopback(config.ingress("unused").build());
        }
        Pipeline pipeline = new Pipeline();
        try {
            pipeline.startServers(options, config);
            if (options.parts().contains(Part.TOPICS)) {
                ensureTopics(pipeline.kafka, options.topics(), config.topics().withPartitions(options.partitions()),
                        Duration.ofSeconds(30));
                publishEvent(pipeline.kafka, options.topics(), options.event() != null ? options.event()
                        : DemoEvent.definition(options.waitingRoom(), Instant.now(), options.maxSeatsPerBuyer()));
            }
            if (options.parts().contains(Part.WORKERS)) {
                pipeline.startWorkers(options, config);
            }
            if (options.parts().contains(Part.INGRESS)) {
                pipeline.startIngress(options, config);
            }
            return pipeline;
        } catch (RuntimeException e) {
            pipeline.close();
            throw e;
        }
    }

    private void startServers(PipelineOptions options, StagedoorConfig config) {
        topics = options.topics();
        redisUri = options.redis();
        if (startsEmbeddedRedis(options, config)) {
            embeddedRedis = EmbeddedRedis.start(options.redisPort());
            started.push(embeddedRedis);
            redisUri = embeddedRedis.uri();
        }
        kafkaBootstrap = options.kafka();
        if (kafkaBootstrap == null) {
            EmbeddedKafka kafka = EmbeddedKafka.start(options.dataDir().resolve("kafka"), options.kafkaPort());
            started.push(kafka);
            embeddedKafka = kafka;
            kafkaBootstrap = kafka.bootstrapServers();
        }
        kafka = connection(options, config, kafkaBootstrap);
    }

    /**
     * Whether a pipeline of {@code options} starts a Redis of its own: when the options name none and the
     * configuration names no Redis Cluster (whose nodes the ingress settings then carry).
     */
    public static boolean startsEmbeddedRedis(PipelineOptions options, StagedoorConfig config) {
        return options.redis() == null && config.ingress(KAFKA_UNKNOWN_YET).build().redisCluster().isEmpty();
    }

    /**
     * How a client reaches the Kafka a pipeline of {@code options} uses at {@code bootstrap}: the configured client
     * properties are for the cluster named with {@code --kafka}; the embedded broker is PLAINTEXT.
     */
    public static KafkaConnection connection(PipelineOptions options, StagedoorConfig config, String bootstrap) {
        return options.kafka() == null ? KafkaConnection.plaintext(bootstrap) : config.kafka(bootstrap);
    }

    private void startWorkers(PipelineOptions options, StagedoorConfig config) {
        WorkerSettings workerSettings = config.workers()
                .withKafka(kafkaBootstrap)
                .withKafkaClient(kafka.clientProperties())
                .withNamespace(options.topics().namespace())
                .withStateDir(options.dataDir().resolve("streams"));
        gateway = Workers.gatewayFor(workerSettings);
        workers = Workers.start(workerSettings, gateway, registry);
        started.push(workers);
        awaitReady(workers);
    }

    private void startIngress(PipelineOptions options, StagedoorConfig config) {
        Path accounts = options.dataDir().resolve("accounts.json");
        Path apiKeys = options.dataDir().resolve("api-keys.json");
        IngressSettings.Builder settings = config.ingress(kafkaBootstrap).kafkaClient(kafka.clientProperties())
                .topics(options.topics()).port(options.port()).adminPort(options.adminPort()).redisUri(redisUri)
                .accountsFile(accounts).apiKeysFile(apiKeys);
        IngressSettings built = LoopbackConnections.lifted(
                options.ingressSettings().apply(settings).build());
        if (!DemoAccounts.ensureOnLoopback(built)) {
            LOG.info("listening beyond loopback: no demo accounts nor scanner key (their password and key are "
                    + "published); add your own with `stagedoor accounts add` and `stagedoor keys add`");
        }
        ingress = Ingress.start(built, registry);
        started.push(ingress);
    }

    private static void awaitReady(Workers workers) {
        try {
            if (!workers.awaitReady(Duration.ofSeconds(60))) {
                LOG.warn("the workers were not ready within 60 s; starting the ingress anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Creates the topics of {@code topics} that are missing, with {@code settings}, waiting at most {@code timeout}. */
    public static void ensureTopics(KafkaConnection kafka, TopicNames topics, TopicSettings settings, Duration timeout) {
        try (Admin admin = Admin.create(kafka.baseProperties())) {
            TopicCreator.ensure(admin, topics, settings, timeout.toMillis());
        }
    }

    /** Writes an event definition to the events topic and waits for the broker's acknowledgement. */
    public static void publishEvent(String kafka, TopicNames topics, EventDefinition event) {
        publishEvent(KafkaConnection.plaintext(kafka), topics, event);
    }

    /** Writes an event definition to the events topic through {@code kafka} and waits for the acknowledgement. */
    public static void publishEvent(KafkaConnection kafka, TopicNames topics, EventDefinition event) {
        Map<String, Object> config = kafka.baseProperties();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, byte[]> producer =
                     new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(topics.events(), event.eventId(), Json.write(event));
            Headers.putCorrelationId(record.headers(), event.eventId());
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(HarnessMessages.interruptedWhileWritingEvent(event.eventId()), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(HarnessMessages.cannotWriteEvent(event.eventId(), e), e);
        }
    }

    /** The topics the parts use. */
    public TopicNames topics() {
        return topics;
    }

    public String kafkaBootstrap() {
        return kafkaBootstrap;
    }

    /** The cluster with the client properties the pipeline's clients use. */
    public KafkaConnection kafka() {
        return kafka;
    }

    public String redisUri() {
        return redisUri;
    }

    public int port() {
        return ingress.port();
    }

    /** The ingress's admin listener: admin routes, {@code /metrics}, the operator page. */
    public int adminPort() {
        return ingress.adminPort();
    }

    /** The embedded Redis, when this pipeline started one (the demo stops it for a while). */
    public java.util.Optional<EmbeddedRedis> embeddedRedis() {
        return java.util.Optional.ofNullable(embeddedRedis);
    }

    /** The ingress instance (for its metrics); null when only the backend was started. */
    public Ingress ingress() {
        return ingress;
    }

    /** The workers (for their metrics and the simulated gateway's ledger); null when they were not started. */
    public Workers workers() {
        return workers;
    }

    /**
     * The payment gateway the workers call: the simulated one ({@code SimulatedGateway}, whose latency a test may
     * change while the pipeline runs) unless a gateway URL was configured; null when the workers were not started.
     */
    public PaymentGateway gateway() {
        return gateway;
    }

    /** Stops everything that started, last started first. Idempotent. */
    @Override
    public synchronized void close() {
        while (!started.isEmpty()) {
            AutoCloseable part = started.pop();
            try {
                part.close();
            } catch (Exception e) {
                LOG.warn("{} did not stop cleanly: {}", part.getClass().getSimpleName(), e.toString());
            }
        }
    }

    /**
     * Waits until the JVM is asked to stop (Ctrl-C or SIGTERM), then stops the pipeline, last started first: the
     * embedded servers' own exit hooks are handed over to this one, so the broker outlives the clients leaving it.
     */
    public void runUntilStopped() throws InterruptedException {
        Thread hook = new Thread(this::close, "stagedoor-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        if (embeddedKafka != null) {
            embeddedKafka.stoppedByOwnerAtExit();
        }
        if (embeddedRedis != null) {
            embeddedRedis.stoppedByOwnerAtExit();
        }
        Thread.currentThread().join(Duration.ofDays(365).toMillis());
    }
}
