package io.stagedoor.bench.load;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * An open loop: requests are due at a fixed rate ({@code i / rate} seconds after the start), whatever the server
 * does. Up to {@code connections} are out at once; a request whose connection was not free at its due time is
 * sent late and its latency still counts from the due time, so a slow server cannot hide its queueing
 * (coordinated omission, as wrk2 corrects it).
 */
public final class OpenLoop {

    private final String host;
    private final int port;
    private final int connections;

    public OpenLoop(String host, int port, int connections) {
        this.host = host;
        this.port = port;
        this.connections = connections;
    }

    /**
     * Sends {@code rate x length} requests at {@code rate} per second and waits for their answers (at most
     * {@code length + 60 s}). The tally's window runs from the first due time to the last answer.
     */
    public Tally run(double rate, Duration length, RequestSource source, Consumer<Exchange> listener)
            throws InterruptedException {
        Tally tally = new Tally();
        long total = Math.round(rate * length.toNanos() / 1e9);
        double period = 1e9 / rate;
        AtomicLong next = new AtomicLong();
        AtomicLong lastDone = new AtomicLong();
        long start = System.nanoTime() + 10_000_000;
        List<Thread> threads = new ArrayList<>(connections);
        for (int c = 0; c < connections; c++) {
            threads.add(Thread.ofVirtual().name("open-loop-", c).start(() -> {
                try (HttpConnection connection = new HttpConnection(host, port)) {
                    for (long index = next.getAndIncrement(); index < total; index = next.getAndIncrement()) {
                        long intended = start + (long) (index * period);
                        sleepUntil(intended);
                        byte[] request = source.request(index);
                        long sent = System.nanoTime();
                        HttpConnection.HttpAnswer answer;
                        try {
                            answer = connection.exchange(request);
                        } catch (IOException e) {
                            answer = null;
                        }
                        long done = System.nanoTime();
                        lastDone.accumulateAndGet(done, Math::max);
                        Exchange exchange = new Exchange(index, answer, intended, sent, done);
                        tally.record(exchange);
                        listener.accept(exchange);
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(length.toMillis() + 60_000);
        }
        tally.seconds(Math.max(length.toNanos(), lastDone.get() - start) / 1e9);
        return tally;
    }

    private static void sleepUntil(long nanoTime) {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
