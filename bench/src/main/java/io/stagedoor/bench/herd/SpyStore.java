package io.stagedoor.bench.herd;

import io.stagedoor.admission.waitingroom.EntryRate;
import io.stagedoor.admission.waitingroom.RoomCall;
import io.stagedoor.admission.waitingroom.RoomClaim;
import io.stagedoor.admission.waitingroom.RoomReply;
import io.stagedoor.admission.waitingroom.RoomState;
import io.stagedoor.admission.waitingroom.RoomStore;
import io.stagedoor.admission.waitingroom.SessionState;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The store every simulated instance shares, counting the calls each operation makes and keeping the room's latest
 * state as the store answered it (what the simulation reads the frontier from, with no call of its own).
 */
final class SpyStore implements RoomStore {

    /** The store's operations, as counted. */
    enum Operation { JOIN, RESERVE, CLAIM, LOOK, CONTROL, SNAPSHOT, END, SESSION, DRAWN }

    private final RoomStore store;
    private final Map<Operation, LongAdder> calls = new EnumMap<>(Operation.class);
    private final AtomicReference<RoomState> latest = new AtomicReference<>();

    SpyStore(RoomStore store) {
        this.store = store;
        for (Operation operation : Operation.values()) {
            calls.put(operation, new LongAdder());
        }
    }

    /** Calls of {@code operation} so far. */
    long calls(Operation operation) {
        return calls.get(operation).sum();
    }

    /** The room as the store last answered; null before any answer. */
    RoomState latest() {
        return latest.get();
    }

    private CompletionStage<RoomReply> spied(Operation operation, Supplier<CompletionStage<RoomReply>> call) {
        calls.get(operation).increment();
        return call.get().thenApply(reply -> {
            latest.accumulateAndGet(reply.room(), (held, heard) -> held == null
                    || heard.clockMillis() >= held.clockMillis() ? heard : held);
            return reply;
        });
    }

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return spied(Operation.JOIN, () -> store.join(call, buyerId, newTicket));
    }

    @Override
    public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
        return spied(Operation.RESERVE, () -> store.reserve(call, places));
    }

    @Override
    public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
        return spied(Operation.CLAIM, () -> store.claim(call, claim));
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        return spied(Operation.LOOK, () -> store.look(call, buyerId, ticket));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        return spied(Operation.CONTROL, () -> store.control(call, rate, paused));
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return spied(Operation.SNAPSHOT, () -> store.snapshot(call));
    }

    @Override
    public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
        return spied(Operation.END, () -> store.end(call, buyerId));
    }

    @Override
    public CompletionStage<Long> drawn(String eventId, long start) {
        calls.get(Operation.DRAWN).increment();
        return store.drawn(eventId, start);
    }

    @Override
    public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
        calls.get(Operation.SESSION).increment();
        return store.session(eventId, buyerId, ticket, nowMillis);
    }
}
