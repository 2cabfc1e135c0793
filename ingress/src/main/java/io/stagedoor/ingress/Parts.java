package io.stagedoor.ingress;

import java.util.ArrayDeque;
import java.util.Deque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an instance started, stopped last-first: a part is pushed once it runs, after the parts it uses, so each
 * stops before what it needs. A part that fails to stop is logged and the others still stop. Thread-safe.
 */
final class Parts implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Parts.class);

    private final Deque<AutoCloseable> started = new ArrayDeque<>();

    /** Adds {@code part}, to be stopped before every part pushed earlier; returns it. */
    <T extends AutoCloseable> T push(T part) {
        synchronized (started) {
            started.push(part);
        }
        return part;
    }

    /** Stops every part, the last pushed first. Idempotent. */
    @Override
    public void close() {
        synchronized (started) {
            while (!started.isEmpty()) {
                try {
                    started.pop().close();
                } catch (Exception e) {
                    LOG.warn("a part of the ingress did not stop cleanly: {}", e.toString());
                }
            }
        }
    }
}
