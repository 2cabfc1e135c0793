package io.stagedoor.ingress.events;

import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.json.Json;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The status of every seat that ever changed, as read from the seat-changes topic; a seat never mentioned is
 * available; and the event of every live hold. Both bounded by the seats of the known events. The inventory is the authority: this view lags it by the
 * topic's latency and only informs buyers. Thread-safe.
 */
public final class SeatMap {

    private final Map<String, Map<String, SeatStatus>> byEvent = new ConcurrentHashMap<>();
    private final Map<String, String> eventOfLiveHold = new ConcurrentHashMap<>();
    /** Per event, seats sold: a seat once sold is never sold again nor released. */
    private final Map<String, java.util.concurrent.atomic.AtomicInteger> sold = new ConcurrentHashMap<>();
    private final Map<String, java.util.concurrent.CompletableFuture<String>> holdWaiters = new ConcurrentHashMap<>();
    /** The most checkouts that may wait at once for this view to learn their hold. */
    private static final int MAX_HOLD_WAITERS = 10_000;

    /** Applies one record of the seat-changes topic. */
    public void apply(ConsumerRecord<String, byte[]> record) {
        SeatChange change = Json.read(record.value(), SeatChange.class);
        Map<String, SeatStatus> seats = byEvent.computeIfAbsent(change.eventId(), id -> new ConcurrentHashMap<>());
        if (change.holdId() != null) {
            if (change.status() == SeatStatus.HELD) {
                eventOfLiveHold.put(change.holdId(), change.eventId());
                java.util.concurrent.CompletableFuture<String> waiter = holdWaiters.remove(change.holdId());
                if (waiter != null) {
                    waiter.complete(change.eventId());
                }
            } else {
                eventOfLiveHold.remove(change.holdId());
            }
        }
        for (String seat : change.seats()) {
            SeatStatus before = change.status() == SeatStatus.AVAILABLE ? seats.remove(seat)
                    : seats.put(seat, change.status());
            if (change.status() == SeatStatus.SOLD && before != SeatStatus.SOLD) {
                sold.computeIfAbsent(change.eventId(), id -> new java.util.concurrent.atomic.AtomicInteger())
                        .incrementAndGet();
            }
        }
    }

    /** The event of a hold that is live as far as this view knows (held, not yet sold, expired or released). */
    public java.util.Optional<String> eventOfLiveHold(String holdId) {
        return java.util.Optional.ofNullable(eventOfLiveHold.get(holdId));
    }

    /**
     * The event of a live hold, waiting up to {@code wait} (without a thread) when this view has not seen the hold
     * yet: the buyer may have read the hold's result on another instance a moment before this one caught up.
     */
    public java.util.concurrent.CompletableFuture<java.util.Optional<String>> awaitLiveHold(String holdId,
                                                                                           java.time.Duration wait) {
        java.util.Optional<String> known = eventOfLiveHold(holdId);
        if (known.isPresent() || holdWaiters.size() >= MAX_HOLD_WAITERS) {
            return java.util.concurrent.CompletableFuture.completedFuture(known);
        }
        java.util.concurrent.CompletableFuture<String> waiter =
                holdWaiters.computeIfAbsent(holdId, id -> new java.util.concurrent.CompletableFuture<>());
        eventOfLiveHold(holdId).ifPresent(waiter::complete);
        return waiter.completeOnTimeout(null, wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
                .thenApply(eventId -> {
                    holdWaiters.remove(holdId, waiter);
                    return java.util.Optional.ofNullable(eventId);
                });
    }

    /** Whether every seat of {@code event}'s map is sold, as far as this view has read. */
    public boolean soldOut(io.stagedoor.topics.EventDefinition event) {
        java.util.concurrent.atomic.AtomicInteger count = sold.get(event.eventId());
        return count != null && !event.seats().isEmpty() && count.get() >= event.seats().size();
    }

    /** The status of one seat as last seen. */
    public SeatStatus status(String eventId, String seatId) {
        return byEvent.getOrDefault(eventId, Map.of()).getOrDefault(seatId, SeatStatus.AVAILABLE);
    }
}
