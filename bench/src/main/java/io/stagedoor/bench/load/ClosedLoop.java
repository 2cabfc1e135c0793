package io.stagedoor.bench.load;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A closed loop: {@code connections} keep-alive connections, each on its own virtual thread, each sending its next
 * request as soon as the previous one is answered, for a fixed time. Only exchanges that complete inside the
 * window are counted; the ones still out when it closes finish uncounted.
 */
public final class ClosedLoop {

    private final String host;
    private final int port;
    private final int connections;

    public ClosedLoop(String host, int port, int connections) {
        this.host = host;
        this.port = port;
        this.connections = connections;
    }

    /** Runs for {@code length}; {@code listener} sees every counted exchange (on the sending thread). */
    public Tally run(Duration length, RequestSource source, Consumer<Exchange> listener) throws InterruptedException {
        Tally tally = new Tally();
        AtomicLong next = new AtomicLong();
        long start = System.nanoTime();
        long end = start + length.toNanos();
        List<Thread> threads = new ArrayList<>(connections);
        for (int c = 0; c < connections; c++) {
            threads.add(Thread.ofVirtual().name("closed-loop-", c).start(() -> {
                try (HttpConnection connection = new HttpConnection(host, port)) {
                    while (System.nanoTime() < end) {
                        long index = next.getAndIncrement();
                        byte[] request = source.request(index);
                        long sent = System.nanoTime();
                        HttpConnection.HttpAnswer answer;
                        try {
                            answer = connection.exchange(request);
                        } catch (IOException e) {
                            answer = null;
                        }
                        long done = System.nanoTime();
                        if (done <= end) {
                            Exchange exchange = new Exchange(index, answer, sent, sent, done);
                            tally.record(exchange);
                            listener.accept(exchange);
                        }
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(length.toMillis() + 60_000);
        }
        tally.seconds(length.toNanos() / 1e9);
        return tally;
    }
}
