package io.stagedoor.testsupport;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A real Redis Cluster of primaries (no replicas) on loopback ports, from the shipped {@code redis-server}: each node
 * starts with {@code cluster-enabled yes}, takes an equal range of the 16,384 slots ({@code CLUSTER ADDSLOTS}),
 * meets the first node ({@code CLUSTER MEET}), and the fixture waits until every node says {@code cluster_state:ok}.
 * Close it when the test ends; it dies with the JVM otherwise.
 */
public final class RedisClusterServers implements AutoCloseable {

    private static final Duration FORMED_WITHIN = Duration.ofSeconds(60);

    private final List<RedisProcess> nodes;

    private RedisClusterServers(List<RedisProcess> nodes) {
        this.nodes = nodes;
    }

    /** The three-primary cluster tests of one JVM share (each on keys of its own), formed on first use. */
    public static RedisClusterServers shared() {
        return Shared.CLUSTER;
    }

    private static final class Shared {
        static final RedisClusterServers CLUSTER = start(3);
    }

    /** Starts {@code primaries} nodes and forms the cluster. */
    public static RedisClusterServers start(int primaries) {
        return start(primaries, 0, List.of());
    }

    /**
     * Starts {@code primaries} nodes that join as one cluster but leave the last {@code unassigned} slots to nobody,
     * as an operator's half-finished {@code redis-cli --cluster create} or a lost primary does. Each node adds
     * {@code config} lines (for example {@code cluster-require-full-coverage no}); the fixture waits until every node
     * knows every other, whatever {@code cluster_state} says.
     */
    public static RedisClusterServers startWithUnassignedSlots(int primaries, int unassigned, List<String> config) {
        if (unassigned < 1 || unassigned >= SlotHash.SLOT_COUNT) {
            throw new IllegalArgumentException(TestSupportMessages.unassignedSlotsOutOfRange(SlotHash.SLOT_COUNT - 1));
        }
        return start(primaries, unassigned, config);
    }

    private static RedisClusterServers start(int primaries, int unassigned, List<String> config) {
        Path dir = tempDir();
        List<RedisProcess> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < primaries; i++) {
                List<String> lines = new ArrayList<>(List.of("cluster-enabled yes",
                        "cluster-config-file nodes-" + i + "-" + System.nanoTime() + ".conf",
                        "cluster-node-timeout 2000"));
                lines.addAll(config);
                nodes.add(RedisProcess.start(portWithFreeBus(), dir, lines));
            }
            form(nodes, SlotHash.SLOT_COUNT - unassigned);
            return new RedisClusterServers(nodes);
        } catch (RuntimeException e) {
            nodes.forEach(RedisProcess::close);
            throw e;
        }
    }

    /** A free port whose cluster bus port (10,000 above it) is free too and below 65,536. */
    private static int portWithFreeBus() {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 1_000; attempt++) {
            int port = random.nextInt(20_000, 45_000);
            if (Ports.isFree(port) && Ports.isFree(port + 10_000)) {
                return port;
            }
        }
        throw new IllegalStateException(TestSupportMessages.noFreePortPair());
    }

    /** Joins the nodes and gives them slots 0 to {@code assigned} - 1; all of them formed means cluster_state:ok. */
    private static void form(List<RedisProcess> nodes, int assigned) {
        int slotsEach = assigned / nodes.size();
        for (int i = 0; i < nodes.size(); i++) {
            int from = i * slotsEach;
            int to = i == nodes.size() - 1 ? assigned : from + slotsEach;
            int[] slots = IntStream.range(from, to).toArray();
            withNode(nodes.get(i), connection -> {
                connection.sync().clusterAddSlots(slots);
                return null;
            });
        }
        for (RedisProcess other : nodes.subList(1, nodes.size())) {
            withNode(nodes.get(0), connection -> connection.sync().clusterMeet(Ports.LOOPBACK, other.port()));
        }
        boolean whole = assigned == SlotHash.SLOT_COUNT;
        for (RedisProcess node : nodes) {
            RedisProcess.await((whole ? "cluster_state:ok" : "every node known") + " on " + node.address(),
                    FORMED_WITHIN, () -> withNode(node,
                    connection -> (!whole || connection.sync().clusterInfo().contains("cluster_state:ok"))
                            && connection.sync().clusterNodes().lines().count() == nodes.size()
                            && connection.sync().clusterInfo().contains("cluster_slots_assigned:" + assigned)));
        }
    }

    private static <T> T withNode(RedisProcess node, java.util.function.Function<StatefulRedisConnection<String, String>, T> call) {
        RedisClient client = RedisClient.create(RedisURI.create(Ports.LOOPBACK, node.port()));
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return call.apply(connection);
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
        }
    }

    /** The nodes as {@code 127.0.0.1:port}, what {@code --redis-cluster} takes. */
    public List<String> nodes() {
        return nodes.stream().map(RedisProcess::address).toList();
    }

    /** Stops every node. Idempotent. */
    @Override
    public void close() {
        nodes.forEach(RedisProcess::close);
    }

    static Path tempDir() {
        try {
            Path dir = Files.createTempDirectory("stagedoor-redis-");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(TestSupportMessages.cannotCreateRedisDirectory(), e);
        }
    }
}
