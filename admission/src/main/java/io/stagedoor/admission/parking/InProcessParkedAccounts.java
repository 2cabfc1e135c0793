package io.stagedoor.admission.parking;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Parked accounts in this process, for one instance without Redis and for tests: at most {@code most} accounts over
 * every event, never forgotten while the process lives (an operator releases them).
 */
public final class InProcessParkedAccounts implements ParkedAccounts {

    private final ConcurrentHashMap<String, ConcurrentHashMap<String, String>> events = new ConcurrentHashMap<>();
    private final AtomicInteger size = new AtomicInteger();
    private final int most;

    public InProcessParkedAccounts(int most) {
        this.most = most;
    }

    @Override
    public CompletionStage<Optional<String>> reasonOf(String eventId, String accountId) {
        Map<String, String> parked = events.get(eventId);
        return CompletableFuture.completedFuture(Optional.ofNullable(parked == null ? null : parked.get(accountId)));
    }

    @Override
    public CompletionStage<Boolean> park(String eventId, String accountId, String reason) {
        if (size.incrementAndGet() > most) {
            size.decrementAndGet();
            return CompletableFuture.completedFuture(false);
        }
        boolean added = events.computeIfAbsent(eventId, event -> new ConcurrentHashMap<>())
                .putIfAbsent(accountId, reason) == null;
        if (!added) {
            size.decrementAndGet();
        }
        return CompletableFuture.completedFuture(added);
    }

    @Override
    public CompletionStage<Boolean> release(String eventId, String accountId) {
        Map<String, String> parked = events.get(eventId);
        boolean removed = parked != null && parked.remove(accountId) != null;
        if (removed) {
            size.decrementAndGet();
        }
        return CompletableFuture.completedFuture(removed);
    }

    @Override
    public CompletionStage<Map<String, String>> list(String eventId, int most) {
        Map<String, String> listed = new LinkedHashMap<>();
        events.getOrDefault(eventId, new ConcurrentHashMap<>()).entrySet().stream().limit(most)
                .forEach(entry -> listed.put(entry.getKey(), entry.getValue()));
        return CompletableFuture.completedFuture(listed);
    }
}
