package io.stagedoor.ingress.results;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The long polls each principal holds waiting: at most {@code perPrincipal} at once, so one buyer cannot take the
 * view's shared waiting slots from everyone else. {@link #tryTake} never waits. A principal has an entry only while
 * one of its polls waits, so memory is bounded by the waiting polls, which the view bounds. Thread-safe.
 */
public final class PollSlots {

    private final int perPrincipal;
    private final ConcurrentHashMap<String, Integer> held = new ConcurrentHashMap<>();

    public PollSlots(int perPrincipal) {
        if (perPrincipal < 1) {
            throw new IllegalArgumentException("a principal needs at least 1 waiting poll, was " + perPrincipal);
        }
        this.perPrincipal = perPrincipal;
    }

    /** A slot for one more waiting poll of {@code principal}; empty at once when it already holds its maximum. */
    public Optional<Slot> tryTake(String principal) {
        boolean[] taken = {false};
        held.compute(principal, (id, count) -> {
            int current = count == null ? 0 : count;
            if (current >= perPrincipal) {
                return count;
            }
            taken[0] = true;
            return current + 1;
        });
        return taken[0] ? Optional.of(new Slot(principal)) : Optional.empty();
    }

    /** The polls {@code principal} holds waiting right now. */
    public int held(String principal) {
        return held.getOrDefault(principal, 0);
    }

    /** Principals with a poll waiting right now. */
    public int principals() {
        return held.size();
    }

    public int perPrincipal() {
        return perPrincipal;
    }

    /** One waiting poll's slot. Releasing it twice releases it once. */
    public final class Slot {

        private final String principal;
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot(String principal) {
            this.principal = principal;
        }

        public void release() {
            if (released.compareAndSet(false, true)) {
                held.computeIfPresent(principal, (id, count) -> count <= 1 ? null : count - 1);
            }
        }
    }
}
