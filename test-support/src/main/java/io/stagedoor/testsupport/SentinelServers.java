package io.stagedoor.testsupport;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import io.stagedoor.embedded.Ports;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisSentinel;

/**
 * A primary with one replica and one Sentinel watching them (quorum 1, down after 1 s, failover timeout 3 s), from
 * the shipped {@code redis-server}: {@link #killPrimary()} plays the primary's death and the Sentinel promotes the
 * replica within a few seconds. {@link #uri()} is what a deployment gives the ingress. Close it when the test ends.
 */
public final class SentinelServers implements AutoCloseable {

    /** The name the Sentinel monitors the primary under. */
    public static final String PRIMARY_NAME = "mymaster";
    private static final Logger LOG = LoggerFactory.getLogger(SentinelServers.class);
    private static final Duration READY_WITHIN = Duration.ofSeconds(60);

    private final RedisProcess primary;
    private final RedisProcess replica;
    private final RedisProcess sentinel;

    private SentinelServers(RedisProcess primary, RedisProcess replica, RedisProcess sentinel) {
        this.primary = primary;
        this.replica = replica;
        this.sentinel = sentinel;
    }

    /** Starts the primary, its replica (in sync before the Sentinel starts) and the Sentinel, which knows both. */
    public static SentinelServers start() {
        Path dir = RedisClusterServers.tempDir();
        RedisProcess primary = RedisProcess.start(dir, List.of());
        RedisProcess replica = null;
        RedisProcess sentinel = null;
        try {
            replica = RedisProcess.start(dir, List.of("replicaof " + Ports.LOOPBACK + " " + primary.port()));
            RedisProcess follower = replica;
            RedisProcess.await("the replica in sync", READY_WITHIN, () -> withNode(follower.port(),
                    connection -> connection.sync().info("replication").contains("master_link_status:up")));
            int sentinelPort = Ports.anyFree();
            sentinel = RedisProcess.started(sentinelPort, RedisSentinel.newRedisSentinel()
                    .bind(Ports.LOOPBACK)
                    .port(sentinelPort)
                    .masterPort(primary.port())
                    .masterName(PRIMARY_NAME)
                    .quorumSize(1)
                    .downAfterMilliseconds(1_000)
                    .failOverTimeout(3_000)
                    .parallelSyncs(1)
                    .soutListener(line -> LOG.trace("sentinel {}: {}", sentinelPort, line))
                    .serrListener(line -> LOG.warn("sentinel {}: {}", sentinelPort, line))
                    .build());
            RedisProcess.await("the Sentinel knowing the replica", READY_WITHIN, () -> withSentinel(sentinelPort,
                    connection -> !connection.sync().replicas(PRIMARY_NAME).isEmpty()));
            return new SentinelServers(primary, replica, sentinel);
        } catch (RuntimeException e) {
            for (RedisProcess process : new RedisProcess[] {sentinel, replica, primary}) {
                if (process != null) {
                    process.close();
                }
            }
            throw e;
        }
    }

    /** {@code redis-sentinel://127.0.0.1:port/0#mymaster}: the primary, found through the Sentinel. */
    public String uri() {
        return "redis-sentinel://" + sentinel.address() + "/0#" + PRIMARY_NAME;
    }

    /** Stops the primary's process; the Sentinel fails over to the replica. */
    public void killPrimary() {
        primary.close();
    }

    /** The port of the primary the Sentinel names now. */
    public int primaryPort() {
        return withSentinel(sentinel.port(), connection -> {
            SocketAddress address = connection.sync().getMasterAddrByName(PRIMARY_NAME);
            return ((java.net.InetSocketAddress) address).getPort();
        });
    }

    /** The port of the replica the Sentinel promotes when the primary dies. */
    public int replicaPort() {
        return replica.port();
    }

    @Override
    public void close() {
        sentinel.close();
        replica.close();
        primary.close();
    }

    private static <T> T withNode(int port, Function<StatefulRedisConnection<String, String>, T> call) {
        RedisClient client = RedisClient.create(RedisURI.create(Ports.LOOPBACK, port));
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return call.apply(connection);
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
        }
    }

    private static <T> T withSentinel(int port, Function<StatefulRedisSentinelConnection<String, String>, T> call) {
        RedisClient client = RedisClient.create();
        try (StatefulRedisSentinelConnection<String, String> connection =
                     client.connectSentinel(RedisURI.create(Ports.LOOPBACK, port))) {
            return call.apply(connection);
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
        }
    }
}
