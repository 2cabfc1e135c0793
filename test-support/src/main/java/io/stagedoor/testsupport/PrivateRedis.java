package io.stagedoor.testsupport;

import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.embedded.Ports;

/**
 * A Redis of one test's own, always a local child process on a free port, so the test can stop it to play an
 * outage and restart it on the same port (the data is gone after a restart). Close it when the test ends;
 * it dies with the JVM otherwise.
 */
public final class PrivateRedis implements AutoCloseable {

    private final EmbeddedRedis redis;

    private PrivateRedis(EmbeddedRedis redis) {
        this.redis = redis;
    }

    /** Starts a Redis on a free port of 127.0.0.1. */
    public static PrivateRedis start() {
        return new PrivateRedis(EmbeddedRedis.start(Ports.anyFree()));
    }

    /** {@code redis://127.0.0.1:port}, unchanged across {@link #stop()} and {@link #restart()}. */
    public String uri() {
        return redis.uri();
    }

    /** The port, unchanged across {@link #stop()} and {@link #restart()}. */
    public int port() {
        return redis.port();
    }

    /** Stops the server; connections are refused until {@link #restart()}. Idempotent. */
    public void stop() {
        redis.stop();
    }

    /** Starts the server again on the same port, empty; does nothing when it is running. */
    public void restart() {
        redis.start();
    }

    /** Stops the server for good. Idempotent. */
    @Override
    public void close() {
        redis.close();
    }
}
