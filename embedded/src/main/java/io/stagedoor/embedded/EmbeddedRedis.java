package io.stagedoor.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisServer;

/**
 * A real {@code redis-server} (the binary shipped in embedded-redis) running as a child process on 127.0.0.1,
 * without persistence. It can be stopped and started again on the same port to play a Redis outage.
 * The child is destroyed by {@link #close()} or, at the latest, when the JVM exits normally.
 */
public final class EmbeddedRedis implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedRedis.class);

    private final int port;
    private final RedisServer server;
    private final Thread shutdownHook;
    private boolean closed;

    private EmbeddedRedis(int port) {
        this.port = port;
        try {
            this.server = RedisServer.newRedisServer()
                    .bind(Ports.LOOPBACK)
                    .port(port)
                    .setting("save \"\"")
                    .setting("appendonly no")
                    .setting("protected-mode no")
                    .setting("databases 16")
                    // Drained so that the child never blocks on a full stdout pipe.
                    .soutListener(line -> LOG.trace("redis {}: {}", port, line))
                    .serrListener(line -> LOG.warn("redis {}: {}", port, line))
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(EmbeddedMessages.cannotPrepareRedis(port), e);
        }
        this.shutdownHook = new Thread(this::stopQuietly, "embedded-redis-" + port + "-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a Redis on {@code preferredPort} when it is free, else on any free port. */
    public static EmbeddedRedis start(int preferredPort) {
        EmbeddedRedis redis = new EmbeddedRedis(Ports.preferredOrFree(preferredPort));
        redis.start();
        return redis;
    }

    /** Starts the server again on the same port after {@link #stop()}; does nothing when it is running. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException(EmbeddedMessages.redisClosed(port));
        }
        if (server.isActive()) {
            return;
        }
        long begin = System.nanoTime();
        try {
            server.start();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(EmbeddedMessages.redisDidNotStart(port, !Ports.isFree(port)), e);
        }
        LOG.info("Redis listening on {} (started in {} ms)", uri(), (System.nanoTime() - begin) / 1_000_000);
    }

    /** Stops the server process and waits for it to exit; the port is then refused. Idempotent. */
    public synchronized void stop() {
        try {
            server.stop();
        } catch (IOException e) {
            throw new UncheckedIOException(EmbeddedMessages.cannotStopRedis(port), e);
        }
    }

    /** Whether the server process is running. */
    public boolean isRunning() {
        return server.isActive();
    }

    /** {@code redis://127.0.0.1:port}. */
    public String uri() {
        return "redis://" + Ports.LOOPBACK + ":" + port;
    }

    /** The port, the same across {@link #stop()} and {@link #start()}. */
    public int port() {
        return port;
    }

    /**
     * Leaves stopping this server at JVM exit to its owner, whose own hook closes it after the clients that use it
     * (see {@code EmbeddedKafka#stoppedByOwnerAtExit}). Call it once the owner's hook is set.
     */
    public void stoppedByOwnerAtExit() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // JVM shutdown already runs the hooks: nothing to hand over
        }
    }

    /** Stops the server for good. Idempotent and safe to call from a shutdown hook. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // Already inside JVM shutdown: the hook runs or has run, nothing to remove.
        }
    }

    private void stopQuietly() {
        try {
            server.stop();
        } catch (IOException | RuntimeException e) {
            LOG.warn("redis on port {} did not stop cleanly", port, e);
        }
    }
}
