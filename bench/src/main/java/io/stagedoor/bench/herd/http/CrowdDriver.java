package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.HttpConnection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A crowd's connections: {@code connections} keep-alive HTTP/1.1 connections to one address, each on a virtual
 * thread that takes the crowd's next due request, sends it and hands the answer back. So at most that many requests
 * are in flight however many buyers wait; a request due while every connection is busy goes out late, and its
 * latency counts from when it was due.
 */
final class CrowdDriver implements AutoCloseable {

    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Crowd crowd;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopped;

    private CrowdDriver(Crowd crowd) {
        this.crowd = crowd;
    }

    /** Opens the connections lazily, on each one's first request. */
    static CrowdDriver start(Crowd crowd, String host, int port, int connections) {
        CrowdDriver driver = new CrowdDriver(crowd);
        for (int i = 0; i < connections; i++) {
            driver.threads.add(Thread.ofVirtual().name("herd-http-" + i).start(() -> driver.serve(host, port)));
        }
        return driver;
    }

    private void serve(String host, int port) {
        try (HttpConnection connection = new HttpConnection(host, port)) {
            while (!stopped) {
                Visit visit = crowd.next(IDLE_NANOS);
                if (visit == null) {
                    continue;
                }
                long sent = System.nanoTime();
                HttpConnection.HttpAnswer answer;
                try {
                    answer = connection.exchange(crowd.request(visit));
                } catch (IOException e) {
                    answer = null;
                }
                crowd.answered(visit, answer, sent, System.nanoTime());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops taking requests; those in flight finish (each within the connection's read timeout). */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            if (!thread.join(java.time.Duration.ofSeconds(65))) {
                thread.interrupt();
            }
        }
    }
}
