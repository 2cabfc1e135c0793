package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.fallback.ProcessOverloaded;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Joins to signed tickets, gathered per event for one window and given their places by one
 * {@link RoomStore#reserve} call, in the order they arrived here: the store sees one call per window however many
 * buyers join. Nobody waits on a thread: each join completes when the reserve's answer arrives. At most
 * {@code maxPending} joins of one event wait for one window; more are shed ({@link ProcessOverloaded}). A window of
 * zero sends each join's reserve at once (tests). Thread-safe; close it with the room.
 */
final class JoinBatches implements AutoCloseable {

    /** A place reserved: the first index of the batch's reply plus the join's rank in the batch. */
    record Reserved(RoomReply reply, long index) {
    }

    private final RoomStore store;
    private final Clock clock;
    private final long windowMillis;
    private final int maxPending;
    /** One batch per event: bounded by the events operators define. */
    private final ConcurrentHashMap<String, Batch> batches = new ConcurrentHashMap<>();
    private final RoomTimer timer;

    JoinBatches(RoomStore store, Clock clock, RoomTimer timer, long windowMillis, int maxPending) {
        this.timer = timer;
        this.store = store;
        this.clock = clock;
        this.windowMillis = windowMillis;
        this.maxPending = maxPending;
    }

    /** A place for one joiner, reserved with the next batch of {@code call}'s event. */
    CompletionStage<Reserved> reserve(RoomCall call) {
        return batches.computeIfAbsent(call.eventId(), id -> new Batch()).add(call);
    }

    @Override
    public void close() {
        timer.close();
    }

    /** One event's joins waiting for their window. */
    private final class Batch {
        private List<CompletableFuture<Reserved>> pending = new ArrayList<>();
        private RoomCall latest;

        CompletableFuture<Reserved> add(RoomCall call) {
            CompletableFuture<Reserved> place = new CompletableFuture<>();
            boolean first;
            synchronized (this) {
                if (pending.size() >= maxPending) {
                    return CompletableFuture.failedFuture(
                            new ProcessOverloaded(AdmissionMessages.tooManyJoinsWaiting(call.eventId(), maxPending)));
                }
                pending.add(place);
                latest = call;
                first = pending.size() == 1;
            }
            if (first && windowMillis == 0) {
                flush();
            } else if (first) {
                timer.after(windowMillis, this::flush);
            }
            return place;
        }

        private void flush() {
            List<CompletableFuture<Reserved>> taken;
            RoomCall call;
            synchronized (this) {
                taken = pending;
                pending = new ArrayList<>();
                call = latest.at(clock.millis());
            }
            store.reserve(call, taken.size()).whenComplete((reply, error) -> {
                for (int rank = 0; rank < taken.size(); rank++) {
                    if (error != null) {
                        taken.get(rank).completeExceptionally(error);
                    } else {
                        taken.get(rank).complete(new Reserved(reply, reply.reserved() + rank));
                    }
                }
            });
        }
    }
}
