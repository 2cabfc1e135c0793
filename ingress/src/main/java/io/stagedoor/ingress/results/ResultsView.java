package io.stagedoor.ingress.results;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.trace.Traces;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.stagedoor.topics.json.Json;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The results of the last {@code window}, at most {@code maxResults} of them, as read from the results topic, and
 * the polls waiting for results that have not arrived. Memory is bounded twice: the cache by size and age, the
 * waiters by {@code maxWaiters}. A waiter holds no thread: it is a future completed by the follower thread when
 * the result lands, or by a timer when its wait runs out. What a waiting poll does next (the answer serialised and
 * written) runs on a virtual thread of its own, never on the follower's, which has every later result to apply,
 * nor on the JDK's one delay thread. Thread-safe.
 */
public final class ResultsView {

    private final Cache<String, Result> results;
    private final ConcurrentHashMap<String, List<CompletableFuture<Optional<Result>>>> waiters = new ConcurrentHashMap<>();
    private final AtomicInteger waiting = new AtomicInteger();
    private final int maxWaiters;
    private final Duration window;
    private final List<Consumer<Result>> listeners = new CopyOnWriteArrayList<>();
    private volatile Consumer<String> lookups = id -> { };
    /** Where a waiting poll's answer is made once its wait ends: a virtual thread each, holding no platform one. */
    private final Executor answers = task -> Thread.ofVirtual().name("result-answer").start(task);

    public ResultsView(Duration window, long maxResults, int maxWaiters) {
        this.window = window;
        this.maxWaiters = maxWaiters;
        this.results = Caffeine.newBuilder()
                .expireAfterWrite(window.toMillis(), TimeUnit.MILLISECONDS)
                .maximumSize(maxResults)
                .build();
    }

    /**
     * Applies one record of the results topic, waking the polls that wait for it: the last span of its request's
     * trace, which the listeners run in (so a latency they record links to the trace).
     */
    public void apply(ConsumerRecord<String, byte[]> record) {
        Result result = Json.read(record.value(), Result.class);
        Span span = Traces.consuming("deliver result", record.topic(), record.headers(), result.correlationId());
        try (Scope ignored = span.makeCurrent()) {
            accept(result);
        } finally {
            span.end();
        }
    }

    /** Calls {@code listener} with every result as it arrives (on the follower thread; it must not block). */
    public void onResult(Consumer<Result> listener) {
        listeners.add(listener);
    }

    /**
     * Calls {@code listener} with the id of every lookup ({@link #find}, {@link #await}) on the caller's thread, so
     * that the follower reads the lane that id's result is written to; it must not block. Replaces any before.
     */
    public void onLookup(Consumer<String> listener) {
        lookups = listener;
    }

    /** Records a result and wakes its waiters. The first result for an id wins; the workers write only one. */
    public void accept(Result result) {
        Result kept = results.asMap().putIfAbsent(result.correlationId(), result);
        Result winner = kept == null ? result : kept;
        if (kept == null) {
            listeners.forEach(listener -> listener.accept(result));
        }
        wake(result.correlationId(), winner);
    }

    private void wake(String correlationId, Result result) {
        List<CompletableFuture<Optional<Result>>> woken = waiters.remove(correlationId);
        if (woken != null) {
            woken.forEach(w -> w.complete(Optional.of(result)));
        }
    }

    public Optional<Result> find(String correlationId) {
        lookups.accept(correlationId);
        return kept(correlationId);
    }

    private Optional<Result> kept(String correlationId) {
        return Optional.ofNullable(results.getIfPresent(correlationId));
    }

    /**
     * A future completed with the result when it lands, or with empty after {@code wait}; completed exceptionally
     * with {@link TooManyWaiters} when the view already holds its maximum of waiting polls.
     */
    public CompletableFuture<Optional<Result>> await(String correlationId, Duration wait) {
        Optional<Result> now = find(correlationId);
        if (now.isPresent() || wait.isZero()) {
            return CompletableFuture.completedFuture(now);
        }
        if (waiting.incrementAndGet() > maxWaiters) {
            waiting.decrementAndGet();
            return CompletableFuture.failedFuture(new TooManyWaiters(maxWaiters));
        }
        CompletableFuture<Optional<Result>> waiter = new CompletableFuture<>();
        waiters.computeIfAbsent(correlationId, id -> new CopyOnWriteArrayList<>()).add(waiter);
        // the result may have landed between find() and add(): look once more so no waiter misses it
        kept(correlationId).ifPresent(result -> wake(correlationId, result));
        waiter.whenComplete((result, error) -> {
            waiting.decrementAndGet();
            waiters.computeIfPresent(correlationId, (id, list) -> {
                list.remove(waiter);
                return list.isEmpty() ? null : list;
            });
        });
        return waiter.completeOnTimeout(Optional.empty(), wait.toMillis(), TimeUnit.MILLISECONDS)
                .thenApplyAsync(Function.identity(), answers);
    }

    /** How far back results are kept. */
    public Duration window() {
        return window;
    }

    /** Results kept right now. */
    public long size() {
        return results.estimatedSize();
    }

    /** Polls waiting right now. */
    public int waiting() {
        return waiting.get();
    }

    /** Raised when the view holds as many waiting polls as it may. */
    public static final class TooManyWaiters extends RuntimeException {
        public TooManyWaiters(int max) {
            super(IngressMessages.tooManyWaitingPolls(max), null, false, false);
        }
    }
}
