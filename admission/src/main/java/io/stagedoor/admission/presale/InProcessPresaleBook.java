package io.stagedoor.admission.presale;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/** A presale book in this process, for one instance without Redis and for tests: at most {@code most} registrations an event. */
public final class InProcessPresaleBook implements PresaleBook {

    private final Map<String, Set<String>> registered = new ConcurrentHashMap<>();
    private final Map<String, PresaleDraw> draws = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> used = new ConcurrentHashMap<>();
    private final int most;

    public InProcessPresaleBook(int most) {
        this.most = most;
    }

    @Override
    public synchronized CompletionStage<Boolean> register(String eventId, String accountId) {
        Set<String> accounts = registered.computeIfAbsent(eventId, event -> ConcurrentHashMap.newKeySet());
        return done(accounts.size() < most && accounts.add(accountId));
    }

    @Override
    public CompletionStage<Boolean> registered(String eventId, String accountId) {
        return done(registered.getOrDefault(eventId, Set.of()).contains(accountId));
    }

    @Override
    public CompletionStage<Long> registeredCount(String eventId) {
        return done((long) registered.getOrDefault(eventId, Set.of()).size());
    }

    @Override
    public CompletionStage<List<String>> registrants(String eventId) {
        return done(List.copyOf(registered.getOrDefault(eventId, Set.of())));
    }

    @Override
    public synchronized CompletionStage<Kept> keepDraw(String eventId, PresaleDraw draw) {
        PresaleDraw stood = draws.putIfAbsent(eventId, draw);
        return done(new Kept(stood == null ? draw : stood, stood == null));
    }

    @Override
    public synchronized CompletionStage<Kept> keepWaitList(String eventId, String upTo) {
        PresaleDraw draw = draws.get(eventId);
        if (draw == null || draw.waitList().isPresent()) {
            return done(new Kept(draw, false));
        }
        PresaleDraw passed = draw.withWaitListUpTo(upTo);
        draws.put(eventId, passed);
        return done(new Kept(passed, true));
    }

    @Override
    public CompletionStage<Optional<PresaleDraw>> draw(String eventId) {
        return done(Optional.ofNullable(draws.get(eventId)));
    }

    @Override
    public CompletionStage<Boolean> use(String eventId, String accountId) {
        return done(used.computeIfAbsent(eventId, event -> ConcurrentHashMap.newKeySet()).add(accountId));
    }

    @Override
    public CompletionStage<Void> giveBack(String eventId, String accountId) {
        Set<String> accounts = used.get(eventId);
        if (accounts != null) {
            accounts.remove(accountId);
        }
        return done(null);
    }

    @Override
    public CompletionStage<Long> used(String eventId) {
        return done((long) used.getOrDefault(eventId, Set.of()).size());
    }

    private static <T> CompletionStage<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }
}
