package io.stagedoor.admission.waitingroom;

import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Each event's room as this instance last heard it, shared by every buyer who asks where they stand: a poll costs
 * no store call, and the store hears at most one {@link RoomStore#snapshot} per event per {@code maxAgeMillis} from
 * this instance, and none for an event nobody asks about. Any other reply of the store refreshes the view too. A
 * view is too old once either clock moved {@code maxAgeMillis} since it was heard: the room's clock (which the
 * frontier grows by) or real time (in which other instances change the room).
 * Thread-safe; its maps are bounded by the events operators define.
 */
final class RoomViews {

    /** A room as heard, when by the room's clock and when by this process's monotonic one. */
    private record View(RoomState room, long heardAtMillis, long heardAtNanos) {
    }

    private final RoomStore store;
    private final Clock clock;
    private final RoomTimer timer;
    private final long maxAgeMillis;
    private final BiConsumer<RoomCall, RoomReply> heard;
    private final ConcurrentHashMap<String, View> views = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, CompletableFuture<RoomState>> refreshing = new ConcurrentHashMap<>();

    /** @param heard told every snapshot reply this asks for, as any store reply is observed */
    RoomViews(RoomStore store, Clock clock, RoomTimer timer, long maxAgeMillis, BiConsumer<RoomCall, RoomReply> heard) {
        this.store = store;
        this.clock = clock;
        this.timer = timer;
        this.maxAgeMillis = maxAgeMillis;
        this.heard = heard;
    }

    /** The room as heard at most {@code maxAgeMillis} ago; one snapshot for everyone asking when it is older. */
    CompletionStage<RoomState> current(RoomCall call) {
        View view = views.get(call.eventId());
        if (view != null && clock.millis() - view.heardAtMillis() < maxAgeMillis
                && timer.nanoTime() - view.heardAtNanos() < maxAgeMillis * 1_000_000) {
            return CompletableFuture.completedFuture(view.room());
        }
        CompletableFuture<RoomState> mine = new CompletableFuture<>();
        CompletableFuture<RoomState> running = refreshing.putIfAbsent(call.eventId(), mine);
        if (running != null) {
            return running;
        }
        store.snapshot(call).whenComplete((reply, error) -> {
            refreshing.remove(call.eventId(), mine);
            if (error != null) {
                mine.completeExceptionally(error);
                return;
            }
            heard.accept(call, reply);
            remember(call, reply);
            mine.complete(reply.room());
        });
        return mine;
    }

    /** Keeps the room {@code reply} shows as the event's view. */
    void remember(RoomCall call, RoomReply reply) {
        views.put(call.eventId(), new View(reply.room(), call.nowMillis(), timer.nanoTime()));
    }
}
