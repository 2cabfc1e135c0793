package io.stagedoor.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real three-node Kafka cluster (KRaft, each node broker and controller, a static voter set of three) in this JVM,
 * on 127.0.0.1, with every topic and internal topic at replication factor 3 and {@code min.insync.replicas} 2:
 * one node can die and the other two keep taking {@code acks=all} writes. Share groups and transactions work on it.
 * Each node has a directory of its own under the one the caller names, formatted on first start.
 *
 * <p>A node can be {@linkplain #kill(int) killed} and {@linkplain #restart(int) started again} on its ports and
 * data. Killing a node in-process is as close to a crash as one JVM allows: no controlled shutdown, so its
 * partitions keep it as their leader until the controller fences it (its broker session times out, about 4 s), as
 * after a crash; its sockets close at once, as a dead process's do.
 */
public final class EmbeddedKafkaCluster implements AutoCloseable {

    /** How many nodes the cluster has. */
    public static final int NODES = 3;
    /** How long the controller waits for a node's heartbeat before it fences the node and moves its leaders. */
    public static final Duration SESSION_TIMEOUT = Duration.ofMillis(BrokerSettings.CLUSTER_SESSION_TIMEOUT_MS);

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafkaCluster.class);
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(20);
    private static final int START_ATTEMPTS = 3;

    private final Path dataDir;
    private final String clusterId;
    private final List<NodeAddress> addresses;
    private final KafkaRaftServer[] servers = new KafkaRaftServer[NODES];
    private final Thread shutdownHook = new Thread(this::close, "embedded-kafka-cluster-shutdown");
    private boolean closed;

    /** Where one node listens and keeps its data. */
    private record NodeAddress(int nodeId, int brokerPort, int controllerPort, Path logDir) {
    }

    private EmbeddedKafkaCluster(Path dataDir, String clusterId, List<NodeAddress> addresses) {
        this.dataDir = dataDir;
        this.clusterId = clusterId;
        this.addresses = List.copyOf(addresses);
    }

    /**
     * Starts the three nodes on {@code dataDir} (created and formatted if needed), each on free ports. A free port
     * is only free when it is picked: another process can take it before the node binds it. A cluster that did not
     * start on a fresh directory is therefore tried again on new ports, up to {@value #START_ATTEMPTS} times, its
     * half-formatted nodes removed first; on a directory that already holds a cluster, the first failure is final.
     */
    public static EmbeddedKafkaCluster start(Path dataDir) {
        return start(dataDir, Ports::anyFree);
    }

    /** {@link #start(Path)} with the ports {@code freePorts} hands out, for a test that hands out a taken one. */
    static EmbeddedKafkaCluster start(Path dataDir, IntSupplier freePorts) {
        boolean fresh = IntStream.rangeClosed(1, NODES)
                .noneMatch(nodeId -> KafkaStorage.isFormatted(nodeDir(dataDir.toAbsolutePath(), nodeId)));
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(dataDir, freePorts);
            } catch (IllegalStateException e) {
                if (!fresh || attempt == START_ATTEMPTS) {
                    throw e;
                }
                LOG.warn("Kafka cluster did not start (attempt {} of {}); trying again on new ports", attempt,
                        START_ATTEMPTS, e);
                IntStream.rangeClosed(1, NODES)
                        .forEach(nodeId -> KafkaStorage.delete(nodeDir(dataDir.toAbsolutePath(), nodeId)));
            }
        }
    }

    private static EmbeddedKafkaCluster startOnce(Path dataDir, IntSupplier freePorts) {
        long begin = System.nanoTime();
        QuietKafkaLogs.apply();
        Path root = dataDir.toAbsolutePath();
        List<NodeAddress> addresses = new ArrayList<>();
        for (int nodeId = 1; nodeId <= NODES; nodeId++) {
            addresses.add(new NodeAddress(nodeId, freePorts.getAsInt(), freePorts.getAsInt(), nodeDir(root, nodeId)));
        }
        EmbeddedKafkaCluster cluster = new EmbeddedKafkaCluster(root, existingClusterId(addresses), addresses);
        Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
        try {
            // A node's broker waits for a controller quorum, which needs two of the three: start them side by side.
            CompletableFuture.allOf(IntStream.rangeClosed(1, NODES)
                    .mapToObj(nodeId -> CompletableFuture.runAsync(() -> cluster.startNode(nodeId),
                            command -> Thread.ofPlatform().name("start-kafka-node-" + nodeId).start(command)))
                    .toArray(CompletableFuture[]::new)).join();
        } catch (RuntimeException e) {
            cluster.close();
            throw new IllegalStateException(EmbeddedMessages.clusterDidNotStart(root), e);
        }
        LOG.info("Kafka cluster of {} nodes listening on {} (data in {}, started in {} ms)", NODES,
                cluster.bootstrapServers(), root, (System.nanoTime() - begin) / 1_000_000);
        return cluster;
    }

    /** Every node's {@code 127.0.0.1:port}, for {@code bootstrap.servers}: clients find the cluster through any live one. */
    public String bootstrapServers() {
        StringJoiner servers = new StringJoiner(",");
        addresses.forEach(address -> servers.add(Ports.LOOPBACK + ":" + address.brokerPort()));
        return servers.toString();
    }

    /** The node ids, 1 to {@value #NODES}. */
    public List<Integer> nodeIds() {
        return addresses.stream().map(NodeAddress::nodeId).toList();
    }

    /** Whether node {@code nodeId} runs. */
    public synchronized boolean isRunning(int nodeId) {
        return servers[index(nodeId)] != null;
    }

    /** The directory holding every node's logs and metadata. */
    public Path dataDir() {
        return dataDir;
    }

    /** The node that leads {@code partition} now, as the cluster's metadata says. */
    public int leaderOf(TopicPartition partition) {
        Node leader = describe(partition).leader();
        if (leader == null || leader.isEmpty()) {
            throw new IllegalStateException(EmbeddedMessages.noLeader(partition));
        }
        return leader.id();
    }

    /** The nodes in the in-sync replica set of {@code partition} now. */
    public List<Integer> inSyncReplicas(TopicPartition partition) {
        return describe(partition).isr().stream().map(Node::id).toList();
    }

    /** Every partition of {@code topic} that node {@code nodeId} leads now. */
    public List<Integer> partitionsLedBy(String topic, int nodeId) {
        return describeTopic(topic).partitions().stream()
                .filter(info -> info.leader() != null && info.leader().id() == nodeId)
                .map(TopicPartitionInfo::partition).toList();
    }

    /**
     * Stops node {@code nodeId} at once, with no controlled shutdown: its leaderships stay with it until the
     * controller fences it. Returns once its broker and controller have stopped.
     */
    public void kill(int nodeId) {
        KafkaRaftServer server;
        synchronized (this) {
            server = servers[index(nodeId)];
            servers[index(nodeId)] = null;
        }
        if (server == null) {
            return;
        }
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            LOG.warn("Kafka node {} did not shut down cleanly", nodeId, e);
        }
        LOG.info("Kafka node {} stopped", nodeId);
    }

    /** Starts node {@code nodeId} again on its ports and data; returns once it has joined the cluster. */
    public void restart(int nodeId) {
        if (isRunning(nodeId)) {
            return;
        }
        startNode(nodeId);
    }

    /** Stops every node. Idempotent; safe from a shutdown hook. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        CompletableFuture.allOf(nodeIds().stream()
                .map(nodeId -> CompletableFuture.runAsync(() -> kill(nodeId),
                        command -> Thread.ofPlatform().name("stop-kafka-node-" + nodeId).start(command)))
                .toArray(CompletableFuture[]::new)).join();
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException | IllegalArgumentException notRemovable) {
                // JVM shutdown already runs the hook.
            }
        }
    }

    private void startNode(int nodeId) {
        NodeAddress address = addresses.get(index(nodeId));
        Map<String, String> props = BrokerSettings.forClusterNode(nodeId, address.logDir(), address.brokerPort(),
                address.controllerPort(), voters());
        KafkaConfig config = new KafkaConfig(props, false);
        KafkaStorage.formatIfNeeded(address.logDir(), config, clusterId);
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException(EmbeddedMessages.clusterClosed());
            }
            servers[index(nodeId)] = server;
        }
        try {
            server.startup();
        } catch (RuntimeException e) {
            kill(nodeId);
            throw new IllegalStateException(
                    EmbeddedMessages.nodeDidNotStart(nodeId, address.brokerPort(), address.logDir()), e);
        }
    }

    /** The static voter set: every node's id at its controller listener. */
    private String voters() {
        StringJoiner voters = new StringJoiner(",");
        addresses.forEach(a -> voters.add(a.nodeId() + "@" + Ports.LOOPBACK + ":" + a.controllerPort()));
        return voters.toString();
    }

    private static Path nodeDir(Path root, int nodeId) {
        return root.resolve("node-" + nodeId);
    }

    private static int index(int nodeId) {
        if (nodeId < 1 || nodeId > NODES) {
            throw new IllegalArgumentException(EmbeddedMessages.noSuchNode(nodeId));
        }
        return nodeId - 1;
    }

    /** The cluster id a formatted node recorded, so nodes formatted later join that cluster; else a new one. */
    private static String existingClusterId(List<NodeAddress> addresses) {
        for (NodeAddress address : addresses) {
            Path meta = address.logDir().resolve("meta.properties");
            if (Files.isRegularFile(meta)) {
                Properties properties = new Properties();
                try (var in = Files.newInputStream(meta)) {
                    properties.load(in);
                } catch (IOException e) {
                    throw new UncheckedIOException(EmbeddedMessages.cannotReadMeta(meta), e);
                }
                String id = properties.getProperty("cluster.id");
                if (id != null) {
                    return id;
                }
            }
        }
        return Uuid.randomUuid().toString();
    }

    private TopicPartitionInfo describe(TopicPartition partition) {
        List<TopicPartitionInfo> partitions = describeTopic(partition.topic()).partitions();
        if (partition.partition() < 0 || partition.partition() >= partitions.size()) {
            throw new IllegalArgumentException(EmbeddedMessages.noSuchPartition(partition));
        }
        return partitions.get(partition.partition());
    }

    private TopicDescription describeTopic(String topic) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) ADMIN_TIMEOUT.toMillis() / 2,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) ADMIN_TIMEOUT.toMillis()))) {
            return admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(EmbeddedMessages.interruptedDescribing(topic), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(EmbeddedMessages.cannotDescribeTopic(topic, e.getMessage()), e);
        }
    }
}
