package io.stagedoor.admission.waitingroom;

import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/** A store that counts the calls it passes on, by operation: what a room costs the store it uses. */
final class CountingStore implements RoomStore {

    private final RoomStore store;
    private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();

    CountingStore(RoomStore store) {
        this.store = store;
    }

    /** Calls of {@code operation} so far. */
    long calls(String operation) {
        LongAdder count = calls.get(operation);
        return count == null ? 0 : count.sum();
    }

    /** Calls of every operation so far. */
    long calls() {
        return calls.values().stream().mapToLong(LongAdder::sum).sum();
    }

    private <T> CompletionStage<T> counted(String operation, Supplier<CompletionStage<T>> call) {
        calls.computeIfAbsent(operation, name -> new LongAdder()).increment();
        return call.get();
    }

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return counted("join", () -> store.join(call, buyerId, newTicket));
    }

    @Override
    public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
        return counted("reserve", () -> store.reserve(call, places));
    }

    @Override
    public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
        return counted("claim", () -> store.claim(call, claim));
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        return counted("look", () -> store.look(call, buyerId, ticket));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        return counted("control", () -> store.control(call, rate, paused));
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return counted("snapshot", () -> store.snapshot(call));
    }

    @Override
    public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
        return counted("end", () -> store.end(call, buyerId));
    }

    @Override
    public CompletionStage<Long> drawn(String eventId, long start) {
        return counted("drawn", () -> store.drawn(eventId, start));
    }

    @Override
    public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
        return counted("session", () -> store.session(eventId, buyerId, ticket, nowMillis));
    }
}
