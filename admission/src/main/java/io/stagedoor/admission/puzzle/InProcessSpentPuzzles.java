package io.stagedoor.admission.puzzle;

import io.stagedoor.admission.AdmissionMessages;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Spent solutions in this process, for one instance without Redis and for tests: at most {@code capacity} entries;
 * expired ones are dropped when the map is full, and a spend that still finds it full fails (the join is refused for
 * now, nobody is let in twice).
 */
public final class InProcessSpentPuzzles implements SpentPuzzles {

    private final ConcurrentHashMap<String, Long> spent = new ConcurrentHashMap<>();
    private final int capacity;
    private final LongSupplier clock;

    /** @param clock epoch milliseconds */
    public InProcessSpentPuzzles(int capacity, LongSupplier clock) {
        this.capacity = capacity;
        this.clock = clock;
    }

    @Override
    public CompletionStage<Boolean> spend(String id, Duration keptFor) {
        long now = clock.getAsLong();
        long untilMillis = now + keptFor.toMillis();
        Long until = spent.get(id);
        if (until != null && until > now) {
            return CompletableFuture.completedFuture(false);
        }
        if (until == null && spent.size() >= capacity) {
            spent.values().removeIf(expiry -> expiry <= now);
            if (spent.size() >= capacity) {
                return CompletableFuture.failedFuture(new IllegalStateException(
                        AdmissionMessages.spentPuzzlesFull(capacity)));
            }
        }
        boolean[] first = {false};
        spent.compute(id, (key, expiry) -> {
            if (expiry != null && expiry > now) {
                return expiry;
            }
            first[0] = true;
            return untilMillis;
        });
        return CompletableFuture.completedFuture(first[0]);
    }

    @Override
    public CompletionStage<Void> forget(String id) {
        spent.remove(id);
        return CompletableFuture.completedFuture(null);
    }
}
