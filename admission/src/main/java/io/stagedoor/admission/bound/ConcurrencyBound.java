package io.stagedoor.admission.bound;

import io.stagedoor.admission.AdmissionMessages;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most {@code limit} permits out at once. {@link #tryAcquire()} never waits: it hands out a permit or says no
 * at once, so a full bound sheds in microseconds instead of queueing callers behind a pool timeout. Thread-safe;
 * lock-free.
 */
public final class ConcurrencyBound {

    private final String name;
    private final int limit;
    private final AtomicInteger inUse = new AtomicInteger();
    private final AtomicLong refusals = new AtomicLong();
    private final AtomicInteger highWater = new AtomicInteger();

    public ConcurrencyBound(String name, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException(AdmissionMessages.boundBelowOne(name, limit));
        }
        this.name = name;
        this.limit = limit;
    }

    /** A permit when one is free; empty at once when all are out. */
    public Optional<Permit> tryAcquire() {
        while (true) {
            int current = inUse.get();
            if (current >= limit) {
                refusals.incrementAndGet();
                return Optional.empty();
            }
            if (inUse.compareAndSet(current, current + 1)) {
                highWater.accumulateAndGet(current + 1, Math::max);
                return Optional.of(new Permit(this::release));
            }
        }
    }

    void release() {
        inUse.decrementAndGet();
    }

    public String name() {
        return name;
    }

    public int limit() {
        return limit;
    }

    /** Permits out right now. */
    public int inUse() {
        return inUse.get();
    }

    /** The most permits ever out at once. */
    public int highWater() {
        return highWater.get();
    }

    /** Requests refused since start. */
    public long refusals() {
        return refusals.get();
    }
}
