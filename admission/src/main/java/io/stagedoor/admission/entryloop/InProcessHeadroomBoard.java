package io.stagedoor.admission.entryloop;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The board of a single instance, whose room lives in its own process: readings and steps kept here, and every
 * claim granted at most once per interval. Memory: one reading per instance id, {@value HeadroomBoard#STEPS_KEPT}
 * steps per event.
 */
public final class InProcessHeadroomBoard implements HeadroomBoard {

    private final Map<String, Stamped> readings = new ConcurrentHashMap<>();
    private final Map<String, Long> claims = new ConcurrentHashMap<>();
    private final Map<String, Deque<PlottedStep>> steps = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    /** @param clock epoch milliseconds */
    public InProcessHeadroomBoard(LongSupplier clock) {
        this.clock = clock;
    }

    @Override
    public CompletionStage<Headroom> share(String instanceId, Headroom mine, long nowMillis) {
        readings.put(instanceId, new Stamped(mine, nowMillis));
        readings.values().removeIf(reading -> nowMillis - reading.atMillis() > FRESH_FOR.toMillis());
        Headroom sum = Headroom.NONE;
        for (Stamped reading : readings.values()) {
            sum = sum.plus(reading.headroom());
        }
        return CompletableFuture.completedFuture(sum);
    }

    @Override
    public CompletionStage<Boolean> claimStep(String eventId, String instanceId, Duration interval) {
        long now = clock.getAsLong();
        boolean[] granted = {false};
        claims.compute(eventId, (id, until) -> {
            if (until != null && until > now) {
                return until;
            }
            granted[0] = true;
            return now + interval.toMillis();
        });
        return CompletableFuture.completedFuture(granted[0]);
    }

    @Override
    public CompletionStage<Void> remember(String eventId, PlottedStep step) {
        Deque<PlottedStep> kept = steps.computeIfAbsent(eventId, id -> new ArrayDeque<>());
        synchronized (kept) {
            kept.addLast(step);
            while (kept.size() > STEPS_KEPT) {
                kept.removeFirst();
            }
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<List<PlottedStep>> steps(String eventId) {
        Deque<PlottedStep> kept = steps.get(eventId);
        if (kept == null) {
            return CompletableFuture.completedFuture(List.of());
        }
        synchronized (kept) {
            return CompletableFuture.completedFuture(List.copyOf(kept));
        }
    }

    private record Stamped(Headroom headroom, long atMillis) {
    }
}
