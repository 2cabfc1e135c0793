package io.stagedoor.testsupport;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Makes Redis answer slowly while it still answers: on each node, a thread of its own runs a script that keeps Redis
 * busy for {@code stall}, then lets it breathe for as long, until closed (and never longer than the bound given).
 * A call that lands behind a stall waits it out, so a deadline shorter than the stall is missed while replies keep
 * arriving: the "Redis answers, this process cannot hear it in time" case, which a CPU-saturated JVM alone no longer
 * produces once the deadline waits for its own reply readers.
 */
public final class RedisStall implements AutoCloseable {

    /** Spins inside Redis for ARGV[1] microseconds: Redis runs one script at a time, so every other call waits. */
    private static final String SPIN = """
            local t = redis.call('TIME')
            local start = t[1] * 1000000 + t[2]
            repeat
              local n = redis.call('TIME')
            until n[1] * 1000000 + n[2] - start >= tonumber(ARGV[1])
            return 1
            """;

    private final List<Thread> stallers = new ArrayList<>();
    private final List<RedisClient> clients = new ArrayList<>();
    private final List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
    private final Duration stall;
    private volatile boolean stopped;

    private RedisStall(List<String> nodes, Duration stall) {
        this.stall = stall;
        for (String node : nodes) {
            RedisClient client = RedisClient.create(RedisURI.create(node.contains("://") ? node : "redis://" + node));
            clients.add(client);
            connections.add(client.connect());
        }
    }

    /**
     * Connections to each of {@code nodes}, open before anything is timed, that keep every node busy once for
     * {@code stall} each time {@link #once} is called.
     */
    public static RedisStall primed(List<String> nodes, Duration stall) {
        return new RedisStall(nodes, stall);
    }

    /** Starts one stall on every node, each on a thread of its own; returns at once. */
    public void once() {
        for (StatefulRedisConnection<String, String> connection : connections) {
            Thread staller = new Thread(() -> spin(connection), "redis-stall-once");
            staller.setDaemon(true);
            stallers.add(staller);
            staller.start();
        }
    }

    private void spin(StatefulRedisConnection<String, String> connection) {
        connection.sync().eval(SPIN, ScriptOutputType.INTEGER, new String[0],
                String.valueOf(TimeUnit.NANOSECONDS.toMicros(stall.toNanos())));
    }

    /**
     * @param nodes a Redis URI ({@code redis://…}) or cluster node addresses ({@code 127.0.0.1:port}), each stalled
     * @param stall how long each stall keeps a node busy
     * @param atMost when the stalls stop even if this is never closed
     */
    public static RedisStall start(List<String> nodes, Duration stall, Duration atMost) {
        RedisStall stalls = new RedisStall(nodes, stall);
        long until = System.nanoTime() + atMost.toNanos();
        for (int i = 0; i < nodes.size(); i++) {
            StatefulRedisConnection<String, String> connection = stalls.connections.get(i);
            Thread staller = new Thread(() -> {
                while (!stalls.stopped && System.nanoTime() - until < 0) {
                    stalls.spin(connection);
                    LockSupport.parkNanos(stall.toNanos()); // pacing: Redis serves the callers between two stalls
                }
            }, "redis-stall-" + nodes.get(i));
            staller.setDaemon(true);
            stalls.stallers.add(staller);
            staller.start();
        }
        return stalls;
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread staller : stallers) {
            staller.join(TimeUnit.SECONDS.toMillis(10));
        }
        clients.forEach(client -> client.shutdown(Duration.ZERO, Duration.ofSeconds(1)));
    }
}
