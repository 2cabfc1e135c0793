package io.stagedoor.admission.waitingroom;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many places each drawn window of a random room holds (decision 0029), as this instance learned them: a closed
 * window never changes, so the store hears one {@link RoomStore#drawn} per window per instance, shared by every
 * buyer of the window who asks, and none for a window nobody asks about. Thread-safe; at most {@link #MAX_WINDOWS}
 * windows are kept (then all are forgotten and asked again): one entry per window, never per buyer.
 */
final class DrawCounts {

    /** A day of one-second windows for one event, or an hour's for 24 events at once. */
    static final int MAX_WINDOWS = 86_400;

    private record Window(String eventId, long start) {
    }

    private final RoomStore store;
    private final ConcurrentHashMap<Window, CompletableFuture<Long>> counts = new ConcurrentHashMap<>();

    DrawCounts(RoomStore store) {
        this.store = store;
    }

    /** The count of the window starting at {@code start}; 0 when the store does not know it as drawn. */
    CompletionStage<Long> of(String eventId, long start) {
        Window window = new Window(eventId, start);
        CompletableFuture<Long> known = counts.get(window);
        if (known != null) {
            return known;
        }
        if (counts.size() >= MAX_WINDOWS) {
            counts.clear();
        }
        CompletableFuture<Long> mine = new CompletableFuture<>();
        CompletableFuture<Long> running = counts.putIfAbsent(window, mine);
        if (running != null) {
            return running;
        }
        store.drawn(eventId, start).whenComplete((count, error) -> {
            if (error != null || count == 0) {
                // Asked again next time: the store was unreachable, or the window is not drawn there (yet).
                counts.remove(window, mine);
            }
            if (error != null) {
                mine.completeExceptionally(error);
            } else {
                mine.complete(count);
            }
        });
        return mine;
    }
}
