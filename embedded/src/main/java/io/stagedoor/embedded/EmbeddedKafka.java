package io.stagedoor.embedded;

import java.nio.file.Path;
import java.util.Map;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka cluster (KRaft, broker and controller in this JVM) listening on 127.0.0.1.
 * Its data lives in the directory the caller names, formatted on first start and reused afterwards, so
 * topics and records survive a restart on the same directory. Transactions (Kafka Streams exactly-once)
 * and share groups work against it; see {@link ShareGroups} for what share consumers need, and the
 * settings it runs with, which an external cluster must match, in the javadoc of {@code BrokerSettings}:
 * {@code share.version >= 1} finalized, transaction state log and share-coordinator state topic replication
 * factor and min ISR within the broker count.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);

    private final KafkaRaftServer server;
    private final Path dataDir;
    private final int port;
    private final int controllerPort;
    private final int saslSslPort;
    private final Thread shutdownHook;
    private boolean closed;

    private EmbeddedKafka(KafkaRaftServer server, Path dataDir, int port, int controllerPort, int saslSslPort) {
        this.server = server;
        this.dataDir = dataDir;
        this.port = port;
        this.controllerPort = controllerPort;
        this.saslSslPort = saslSslPort;
        this.shutdownHook = new Thread(this::close, "embedded-kafka-" + port + "-shutdown");
    }

    /**
     * Starts a broker on {@code dataDir} (created and formatted if needed), listening on {@code preferredPort}
     * when it is free, else on any free port; the controller listener takes the next port, or any free one.
     */
    public static EmbeddedKafka start(Path dataDir, int preferredPort) {
        return start(dataDir, preferredPort, null);
    }

    /**
     * Starts a broker as {@link #start(Path, int)} does, with {@code saslSsl} (when not null) opened on a free
     * port as well; {@link #saslSslBootstrapServers()} names it.
     */
    public static EmbeddedKafka start(Path dataDir, int preferredPort, SaslSslListener saslSsl) {
        return start(dataDir, preferredPort, saslSsl, Map.of(), Map.of());
    }

    /**
     * Starts a broker as {@link #start(Path, int)} does, set up otherwise: {@code brokerConfig} added to (or replacing)
     * its broker settings, and {@code featureLevels} finalized when {@code dataDir} is first formatted (e.g.
     * {@code group.version} 0: a cluster that offers only the classic consumer group protocol). For tests that need a
     * broker of their own.
     */
    public static EmbeddedKafka start(Path dataDir, int preferredPort, Map<String, String> brokerConfig,
                                      Map<String, Short> featureLevels) {
        return start(dataDir, preferredPort, null, brokerConfig, featureLevels);
    }

    private static EmbeddedKafka start(Path dataDir, int preferredPort, SaslSslListener saslSsl,
                                       Map<String, String> brokerConfig, Map<String, Short> featureLevels) {
        long begin = System.nanoTime();
        QuietKafkaLogs.apply();
        Path logDir = dataDir.toAbsolutePath().resolve("kraft");
        int port = Ports.preferredOrFree(preferredPort);
        int controllerPort = Ports.preferredOrFree(port + 1);
        Map<String, String> props = BrokerSettings.forOneNode(logDir, port, controllerPort);
        int saslSslPort = 0;
        if (saslSsl != null) {
            saslSslPort = Ports.anyFree();
            BrokerSettings.addSaslSsl(props, saslSslPort, saslSsl);
        }
        props.putAll(brokerConfig);
        KafkaConfig config = new KafkaConfig(props, false);
        KafkaStorage.formatIfNeeded(logDir, config, featureLevels);

        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        EmbeddedKafka kafka = new EmbeddedKafka(server, dataDir, port, controllerPort, saslSslPort);
        try {
            server.startup();
        } catch (RuntimeException e) {
            kafka.close();
            throw new IllegalStateException(EmbeddedMessages.kafkaDidNotStart(port, logDir), e);
        }
        Runtime.getRuntime().addShutdownHook(kafka.shutdownHook);
        LOG.info("Kafka listening on {} (data in {}, started in {} ms)",
                kafka.bootstrapServers(), logDir, (System.nanoTime() - begin) / 1_000_000);
        return kafka;
    }

    /**
     * Leaves stopping this broker at JVM exit to its owner, whose own hook closes it after the clients that use it:
     * this broker's hook would otherwise run beside the owner's, and stop the broker while its clients still leave
     * their groups (each checkout lane then made the broker log an error). Call it once the owner's hook is set.
     */
    public void stoppedByOwnerAtExit() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // JVM shutdown already runs the hooks: nothing to hand over
        }
    }

    /** {@code 127.0.0.1:port}, for {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return Ports.LOOPBACK + ":" + port;
    }

    /** {@code 127.0.0.1:port} of the SASL_SSL listener. */
    public String saslSslBootstrapServers() {
        if (saslSslPort == 0) {
            throw new IllegalStateException(EmbeddedMessages.noSaslSslListener());
        }
        return Ports.LOOPBACK + ":" + saslSslPort;
    }

    /** The PLAINTEXT broker port. */
    public int port() {
        return port;
    }

    /** The KRaft controller port, which clients never need. */
    public int controllerPort() {
        return controllerPort;
    }

    /** The directory holding the cluster's logs and metadata. */
    public Path dataDir() {
        return dataDir;
    }

    /** Shuts the broker and controller down and waits until they have. Idempotent; safe from a shutdown hook. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            LOG.warn("Kafka on {} did not shut down cleanly", bootstrapServers(), e);
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException | IllegalArgumentException notRemovable) {
                // JVM shutdown already runs the hook, or it was never registered because startup failed.
            }
        }
        LOG.info("Kafka on {} stopped", bootstrapServers());
    }
}
