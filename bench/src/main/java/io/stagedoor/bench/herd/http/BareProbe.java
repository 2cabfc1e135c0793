package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.HttpConnection;
import io.stagedoor.bench.load.HttpRequests;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code GET /health/live} through the same balancer at a steady rate on a connection of its own, for the bare
 * route's latency in the same run: an open loop (each request due at its time, its latency counted from then, so a
 * slow answer delays the next without hiding it).
 */
final class BareProbe implements AutoCloseable {

    static final String PATH = "/health/live";

    private final Thread thread;
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean stopped;

    private BareProbe(String host, int port, double perSecond, LatencyLog latencies) {
        byte[] request = new HttpRequests(host, port).get(PATH, null);
        long period = Math.round(TimeUnit.SECONDS.toNanos(1) / perSecond);
        this.thread = Thread.ofVirtual().name("herd-http-bare").start(() -> {
            try (HttpConnection connection = new HttpConnection(host, port)) {
                long start = System.nanoTime();
                for (long i = 0; !stopped; i++) {
                    long due = start + i * period;
                    for (long wait = due - System.nanoTime(); wait > 0 && !stopped; wait = due - System.nanoTime()) {
                        LockSupport.parkNanos(wait);  // pacing to the schedule, not waiting for work
                    }
                    long sent = System.nanoTime();
                    try {
                        if (connection.exchange(request).status() != 200) {
                            failures.incrementAndGet();
                        }
                    } catch (IOException e) {
                        failures.incrementAndGet();
                    }
                    latencies.record(LatencyLog.Route.BARE, due, sent, System.nanoTime());
                }
            }
        });
    }

    static BareProbe start(String host, int port, double perSecond, LatencyLog latencies) {
        return new BareProbe(host, port, perSecond, latencies);
    }

    /** Requests not answered 200. */
    long failures() {
        return failures.get();
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join(java.time.Duration.ofSeconds(65));
    }
}
