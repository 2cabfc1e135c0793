package io.stagedoor.testsupport;

import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.Redis;
import redis.embedded.RedisServer;
import redis.embedded.core.RedisServerBuilder;

/**
 * One {@code redis-server} child (the binary shipped in embedded-redis) on 127.0.0.1, without persistence, with
 * extra settings: the building block of the cluster and Sentinel fixtures. Polls, never sleeps blindly.
 */
final class RedisProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RedisProcess.class);

    private final int port;
    private final Redis server;

    private RedisProcess(int port, Redis server) {
        this.port = port;
        this.server = server;
    }

    /** Starts a server on a free port with {@code settings} (lines of redis.conf) added. */
    static RedisProcess start(Path dir, List<String> settings) {
        return start(Ports.anyFree(), dir, settings);
    }

    /** Starts a server on {@code port} with {@code settings} (lines of redis.conf) added. */
    static RedisProcess start(int port, Path dir, List<String> settings) {
        RedisServerBuilder builder = RedisServer.newRedisServer()
                .bind(Ports.LOOPBACK)
                .port(port)
                .setting("save \"\"")
                .setting("appendonly no")
                .setting("protected-mode no")
                .setting("dir " + dir)
                .soutListener(line -> LOG.trace("redis {}: {}", port, line))
                .serrListener(line -> LOG.warn("redis {}: {}", port, line));
        settings.forEach(builder::setting);
        try {
            return started(port, builder.build());
        } catch (IOException e) {
            throw new UncheckedIOException(TestSupportMessages.cannotPrepareRedis(port), e);
        }
    }

    /** Starts {@code server}, already built for {@code port}. */
    static RedisProcess started(int port, Redis server) {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(TestSupportMessages.redisDidNotStart(port), e);
        }
        RedisProcess process = new RedisProcess(port, server);
        Runtime.getRuntime().addShutdownHook(new Thread(process::close, "redis-" + port + "-shutdown"));
        return process;
    }

    int port() {
        return port;
    }

    /** {@code 127.0.0.1:port}. */
    String address() {
        return Ports.LOOPBACK + ":" + port;
    }

    /** Stops the process and waits for it to exit. Idempotent. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (IOException | RuntimeException e) {
            LOG.warn("redis on port {} did not stop cleanly", port, e);
        }
    }

    /** Waits until {@code condition} holds, polling every 50 ms, or fails with {@code what} after {@code limit}. */
    static void await(String what, Duration limit, BooleanSupplier condition) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // the server is still starting or electing: ask again
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(TestSupportMessages.didNotHappen(what, limit));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(TestSupportMessages.interruptedWaitingUntil(what), e);
            }
        }
    }
}
