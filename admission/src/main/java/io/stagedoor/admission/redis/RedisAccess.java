package io.stagedoor.admission.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.lettuce.core.resource.Transports;
import io.netty.channel.EventLoopGroup;
import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.bucket.CallCoalescing;
import io.stagedoor.admission.bucket.RedisBucketStore;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.fallback.RedisOutagePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The process's one way to Redis, made once from a {@link RedisEndpoint} and shared by every user (limiter, waiting
 * room, idempotency keys, scanned tickets): one Lettuce client ({@link RedisClient}, or {@link RedisClusterClient}
 * for a cluster; a Sentinel URI makes the client find and follow the primary), one set of client resources, one
 * connection, the fast-fail options below, and one {@link RedisOutagePolicy} (deadline and breaker settings, its
 * deadlines waiting for the client's I/O threads to read what arrived before they fail a call). Each
 * user takes the {@link #commands()} it needs and states only its fallback. Closing it closes all of that; close
 * the users first.
 *
 * <p>Fast failure: while disconnected, commands are rejected at once (and fall back) rather than queued to spend
 * tokens seconds later when Redis returns; there is no per-command Lettuce timeout (it schedules a task per
 * command, dearer than the decision: the policy's deadline sweeper bounds every call instead); the request queue is
 * bounded; connecting gives up after a second; reconnecting retries within a second of Redis returning.
 */
public final class RedisAccess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RedisAccess.class);
    private static final int REQUEST_QUEUE_BOUND = 65_536;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);

    private final RedisEndpoint endpoint;
    private final ClientResources resources;
    private final AbstractRedisClient client;
    private final StatefulConnection<String, String> connection;
    private final RedisClusterAsyncCommands<String, String> commands;
    private final EventLoopGroup readers;
    private final RedisOutagePolicy policy;

    private RedisAccess(RedisEndpoint endpoint, ClientResources resources, AbstractRedisClient client,
                        StatefulConnection<String, String> connection, RedisClusterAsyncCommands<String, String> commands,
                        EventLoopGroup readers, RedisOutagePolicy policy) {
        this.endpoint = endpoint;
        this.resources = resources;
        this.client = client;
        this.connection = connection;
        this.commands = commands;
        this.readers = readers;
        this.policy = policy;
    }

    /**
     * Connects to {@code endpoint}; calls are cut and broken as {@code outage} says.
     *
     * @throws RedisStartFailure when Redis cannot be reached or refuses the credentials, or when a cluster does not
     *                           serve every slot
     */
    public static RedisAccess open(RedisEndpoint endpoint, OutageSettings outage) {
        ClientResources resources = ClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ofMillis(10), Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS))
                .build();
        AbstractRedisClient client = null;
        try {
            if (endpoint.isCluster()) {
                RedisClusterClient cluster = RedisClusterClient.create(resources, endpoint.clusterUris());
                cluster.setOptions(clusterOptions());
                client = cluster;
                StatefulRedisClusterConnection<String, String> connection = cluster.connect(StringCodec.UTF8);
                connectToEveryPrimary(connection);
                ClusterCoverage.require(endpoint, connection);
                return opened(endpoint, resources, cluster, connection, connection.async(), outage);
            }
            RedisClient single = RedisClient.create(resources, endpoint.redisUri());
            single.setOptions(ClientOptions.builder()
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    .timeoutOptions(TimeoutOptions.builder().timeoutCommands(false).build())
                    .requestQueueSize(REQUEST_QUEUE_BOUND)
                    .socketOptions(socketOptions())
                    .build());
            client = single;
            StatefulRedisConnection<String, String> connection = single.connect(StringCodec.UTF8);
            return opened(endpoint, resources, single, connection, connection.async(), outage);
        } catch (RuntimeException e) {
            if (client != null) {
                client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
            }
            resources.shutdown(0, 1, TimeUnit.SECONDS);
            throw e instanceof RedisStartFailure refused ? refused : startFailure(endpoint, e);
        }
    }

    private static RedisAccess opened(RedisEndpoint endpoint, ClientResources resources, AbstractRedisClient client,
                                      StatefulConnection<String, String> connection,
                                      RedisClusterAsyncCommands<String, String> commands, OutageSettings outage) {
        LOG.info("Redis at {}", endpoint);
        // The group the client reads replies on (allocated by transport class, so this is the client's own), held
        // until close: the deadlines wait for its loops to catch up before they fail a call.
        EventLoopGroup readers = resources.eventLoopGroupProvider().allocate(Transports.eventLoopGroupClass());
        return new RedisAccess(endpoint, resources, client, connection, commands, readers,
                new RedisOutagePolicy(outage, connection::isOpen, new EventLoopReaders(readers)));
    }

    /**
     * Opens the connection to each primary now. Lettuce opens a node's connection on the first command for one of
     * its slots, and while it is opening, REJECT_COMMANDS rejects that command: without this the first call of every
     * user to every node would fail over to its fallback.
     */
    private static void connectToEveryPrimary(StatefulRedisClusterConnection<String, String> connection) {
        for (RedisClusterNode node : connection.getPartitions()) {
            if (node.is(RedisClusterNode.NodeFlag.UPSTREAM)) {
                // By address: Lettuce keeps the connections it routes slots to by host and port, not by node id.
                connection.getConnection(node.getUri().getHost(), node.getUri().getPort());
            }
        }
    }

    private static ClusterClientOptions clusterOptions() {
        return ClusterClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.builder().timeoutCommands(false).build())
                .requestQueueSize(REQUEST_QUEUE_BOUND)
                .socketOptions(socketOptions())
                // Learn a moved slot or a failed-over primary from the replies themselves, at once.
                .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                        .enableAllAdaptiveRefreshTriggers()
                        .adaptiveRefreshTriggersTimeout(Duration.ofSeconds(1))
                        .build())
                .build();
    }

    private static SocketOptions socketOptions() {
        return SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build();
    }

    /** What went wrong at start, worded once and with the password masked. */
    private static RedisStartFailure startFailure(RedisEndpoint endpoint, RuntimeException error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage()).toUpperCase(Locale.ROOT);
            if (cause instanceof RedisCommandExecutionException
                    && (message.contains("WRONGPASS") || message.contains("NOAUTH")
                    || message.contains("INVALID PASSWORD") || message.contains("INVALID USERNAME"))) {
                return new RedisStartFailure(AdmissionMessages.redisRefusedCredentials(endpoint.toString()), null);
            }
        }
        Throwable root = error;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        // Lettuce names the URI in some messages: never let a password through.
        String reason = RedisEndpoint.mask(String.valueOf(root.getMessage()));
        return new RedisStartFailure(AdmissionMessages.redisUnreachableAtStart(endpoint.toString(), reason), null);
    }

    /** The endpoint; its {@code toString} masks passwords. */
    public RedisEndpoint endpoint() {
        return endpoint;
    }

    public boolean isCluster() {
        return endpoint.isCluster();
    }

    /** The commands on the one connection: routed by key slot on a cluster, so every call's keys share one slot. */
    public RedisClusterAsyncCommands<String, String> commands() {
        return commands;
    }

    /** The event loops the client reads replies and writes commands on (for tests that starve them). */
    EventLoopGroup replyReaders() {
        return readers;
    }

    /** Whether the connection is up now. */
    public boolean isConnected() {
        return connection.isOpen();
    }

    /** The deadline and breaker every user's calls share. */
    public RedisOutagePolicy policy() {
        return policy;
    }

    /**
     * A bucket store on this Redis: one script call for all the keys of a request (takes coalesced as
     * {@code coalescing}), or on a cluster one call per hash slot with refunds when a slot refused.
     */
    public RedisBucketStore bucketStore(CallCoalescing coalescing) {
        return new RedisBucketStore(commands, isCluster()
                ? RedisBucketStore.SlotGrouping.PER_SLOT : RedisBucketStore.SlotGrouping.ONE_CALL,
                isCluster() ? CallCoalescing.none() : coalescing);
    }

    /** Closes the policy, the connection, the client and its resources, in that order. */
    @Override
    public void close() {
        policy.close();
        connection.close();
        resources.eventLoopGroupProvider().release(readers, 0, 1, TimeUnit.SECONDS);
        client.shutdown();
        resources.shutdown();
    }
}
