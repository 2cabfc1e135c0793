package io.stagedoor.bench.load;

import io.stagedoor.harness.load.ClosedLoop;
import io.stagedoor.harness.load.OpenLoop;
import io.stagedoor.harness.load.Pacing;
import io.stagedoor.harness.load.Tally;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The harness's load loops on {@code connections} keep-alive HTTP/1.1 connections to one server, each exchange
 * counted in a {@link Tally}: a closed loop for throughput, an open loop for latency at an offered rate.
 */
public final class HttpLoad {

    /** The open loop's first request is due this long after the start: time for the senders to start. */
    private static final Duration LEAD = Duration.ofMillis(10);

    private final String host;
    private final int port;
    private final int connections;

    public HttpLoad(String host, int port, int connections) {
        this.host = host;
        this.port = port;
        this.connections = connections;
    }

    /**
     * A closed loop for {@code length}: each connection sends its next request as soon as the previous one is
     * answered. Only exchanges that complete inside the window are counted (and seen by {@code listener}, on the
     * sending thread); the ones still out when it closes finish uncounted.
     */
    public Tally closed(Duration length, RequestSource source, Consumer<Exchange> listener)
            throws InterruptedException {
        Tally tally = new Tally();
        new ClosedLoop(connections).run(length, () -> new HttpConnection(host, port), (connection, index, end) -> {
            byte[] request = source.request(index);
            long sent = System.nanoTime();
            HttpConnection.HttpAnswer answer = exchange(connection, request);
            long done = System.nanoTime();
            if (done <= end) {
                count(tally, listener, new Exchange(index, answer, sent, sent, done));
            }
        });
        tally.seconds(length.toNanos() / 1e9);
        return tally;
    }

    /**
     * An open loop: {@code rate x length} requests due at {@code rate} per second, at most one per connection out
     * at once, a late one's latency counted from its due time; waits for their answers (at most {@code length +
     * 60 s}). The tally's window runs from the first due time to the last answer.
     */
    public Tally open(double rate, Duration length, RequestSource source, Consumer<Exchange> listener)
            throws InterruptedException {
        Tally tally = new Tally();
        long total = Math.round(rate * length.toNanos() / 1e9);
        AtomicLong lastDone = new AtomicLong();
        OpenLoop.Run run = new OpenLoop(Pacing.perSecond(rate), connections, OpenLoop.WhenFull.SEND_LATE)
                .start(LEAD, total, () -> new HttpConnection(host, port), (HttpConnection connection, long index,
                                                                          long due) -> {
                    byte[] request = source.request(index);
                    long sent = System.nanoTime();
                    HttpConnection.HttpAnswer answer = exchange(connection, request);
                    long done = System.nanoTime();
                    lastDone.accumulateAndGet(done, Math::max);
                    count(tally, listener, new Exchange(index, answer, due, sent, done));
                });
        run.await(length.plusSeconds(60));
        tally.seconds(Math.max(length.toNanos(), lastDone.get() - run.startNanos()) / 1e9);
        return tally;
    }

    private static HttpConnection.HttpAnswer exchange(HttpConnection connection, byte[] request) {
        try {
            return connection.exchange(request);
        } catch (IOException e) {
            return null;
        }
    }

    private static void count(Tally tally, Consumer<Exchange> listener, Exchange exchange) {
        tally.record(exchange.status(), exchange.latencyMicros(), exchange.serviceMicros());
        listener.accept(exchange);
    }
}
