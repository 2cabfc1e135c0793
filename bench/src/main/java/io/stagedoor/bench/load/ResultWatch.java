package io.stagedoor.bench.load;

import io.stagedoor.ingress.results.ResultsView;
import io.stagedoor.topics.Result;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Pairs each accepted request (its correlation id, from the 202) with its result as the ingress's results view
 * receives it: the moment a long poll on that instance would be answered. Whichever of the two comes second
 * calls the request's {@link Sink} with the result and the time it arrived. Thread-safe.
 */
public final class ResultWatch {

    /** What to do when a watched request's result arrived; runs on the view's follower thread or a driver thread. */
    @FunctionalInterface
    public interface Sink {
        void arrived(Result result, long intendedNanos, long arrivedNanos);
    }

    private record Pending(long intended, Sink sink) {
    }

    private record Arrived(long at, Result result) {
    }

    private final ConcurrentHashMap<String, Object> slots = new ConcurrentHashMap<>();
    private final AtomicLong outstanding = new AtomicLong();

    public ResultWatch(ResultsView view) {
        view.onResult(this::arrived);
    }

    /** Watches for the result of {@code correlationId}, sent (or due) at {@code intendedNanos}. */
    public void expect(String correlationId, long intendedNanos, Sink sink) {
        outstanding.incrementAndGet();
        Object[] early = new Object[1];
        slots.compute(correlationId, (id, slot) -> {
            if (slot instanceof Arrived arrived) {
                early[0] = arrived;
                return null;
            }
            return new Pending(intendedNanos, sink);
        });
        if (early[0] instanceof Arrived arrived) {
            outstanding.decrementAndGet();
            sink.arrived(arrived.result(), intendedNanos, arrived.at());
        }
    }

    private void arrived(Result result) {
        long now = System.nanoTime();
        Object[] waiting = new Object[1];
        slots.compute(result.correlationId(), (id, slot) -> {
            if (slot instanceof Pending pending) {
                waiting[0] = pending;
                return null;
            }
            return new Arrived(now, result);
        });
        if (waiting[0] instanceof Pending pending) {
            outstanding.decrementAndGet();
            pending.sink().arrived(result, pending.intended(), now);
        }
    }

    /** Watched requests whose result has not arrived yet. */
    public long outstanding() {
        return outstanding.get();
    }

    /** Waits until no watched request is outstanding, or {@code timeout}; returns what is still outstanding. */
    public long awaitAll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (outstanding.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return outstanding.get();
    }

    /** Forgets everything watched or arrived so far (between steps), so stale entries cannot leak memory. */
    public void reset() {
        slots.clear();
        outstanding.set(0);
    }
}
