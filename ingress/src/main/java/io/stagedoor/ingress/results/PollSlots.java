package io.stagedoor.ingress.results;

import io.stagedoor.ingress.http.IngressMessages;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The long polls each principal holds waiting: at most {@code perPrincipal} at once, so one buyer cannot take the
 * view's shared waiting slots from everyone else. {@link #tryTake} never waits. A principal has an entry only while
 * one of its polls waits, so memory is bounded by the waiting polls, which the view bounds. Thread-safe.
 */
public final class PollSlots {

    /** A counter whose principal's last poll ended; it is being removed, and a taker makes a fresh one. */
    private static final int RETIRED = -1;

    private final int perPrincipal;
    // lock-free on the hot path: every poll of one principal meets the same counter, and a compute() under the
    // map's bin lock made thousands of one buyer's polls queue for it
    private final ConcurrentHashMap<String, AtomicInteger> held = new ConcurrentHashMap<>();

    public PollSlots(int perPrincipal) {
        if (perPrincipal < 1) {
            throw new IllegalArgumentException(IngressMessages.waitingPollsPerPrincipalBelowOne(perPrincipal));
        }
        this.perPrincipal = perPrincipal;
    }

    /** A slot for one more waiting poll of {@code principal}; empty at once when it already holds its maximum. */
    public Optional<Slot> tryTake(String principal) {
        while (true) {
            AtomicInteger count = held.get(principal);
            if (count == null) {
                AtomicInteger fresh = new AtomicInteger(1);
                if (held.putIfAbsent(principal, fresh) == null) {
                    return Optional.of(new Slot(principal, fresh));
                }
                continue;
            }
            int current = count.get();
            if (current == RETIRED) {
                held.remove(principal, count);
            } else if (current >= perPrincipal) {
                return Optional.empty();
            } else if (count.compareAndSet(current, current + 1)) {
                return Optional.of(new Slot(principal, count));
            }
        }
    }

    /** The polls {@code principal} holds waiting right now. */
    public int held(String principal) {
        AtomicInteger count = held.get(principal);
        return count == null ? 0 : Math.max(0, count.get());
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
        private final AtomicInteger count;
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot(String principal, AtomicInteger count) {
            this.principal = principal;
            this.count = count;
        }

        public void release() {
            // a taker that raced in after the count reached 0 wins the CAS below, and the entry stays
            if (released.compareAndSet(false, true) && count.decrementAndGet() == 0 && count.compareAndSet(0, RETIRED)) {
                held.remove(principal, count);
            }
        }
    }
}
