package io.stagedoor.admission.bound;

import io.stagedoor.admission.AdmissionMessages;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most {@code limitPerKey} permits out at once for each key (a principal, a source address), so no one key can
 * take a whole bound behind it. Like {@link ConcurrencyBound}, {@link #tryAcquire(String)} never waits.
 *
 * <p>Memory is bounded by the permits out, not by the keys ever seen: a key's counter is removed when its last
 * permit is released, so a caller must hold this bound only inside another bound (the door) that caps the permits.
 * Thread-safe: each key's count changes under its map bin's lock, so an acquire racing the release that would drop
 * the key never loses a count.
 */
public final class KeyedConcurrencyBound {

    private final String name;
    private final int limitPerKey;
    private final Map<String, Integer> inUse = new ConcurrentHashMap<>();
    private final AtomicLong refusals = new AtomicLong();

    public KeyedConcurrencyBound(String name, int limitPerKey) {
        if (limitPerKey < 1) {
            throw new IllegalArgumentException(AdmissionMessages.boundBelowOne(name, limitPerKey));
        }
        this.name = name;
        this.limitPerKey = limitPerKey;
    }

    /** A permit for {@code key} when it has fewer than the limit out; empty at once otherwise. */
    public Optional<Permit> tryAcquire(String key) {
        Objects.requireNonNull(key, "key");
        boolean[] granted = new boolean[1];
        inUse.compute(key, (k, count) -> {
            int current = count == null ? 0 : count;
            if (current >= limitPerKey) {
                return count;
            }
            granted[0] = true;
            return current + 1;
        });
        if (!granted[0]) {
            refusals.incrementAndGet();
            return Optional.empty();
        }
        return Optional.of(new Permit(() -> release(key)));
    }

    private void release(String key) {
        inUse.computeIfPresent(key, (k, count) -> count <= 1 ? null : count - 1);
    }

    public String name() {
        return name;
    }

    public int limitPerKey() {
        return limitPerKey;
    }

    /** Permits out right now for {@code key}. */
    public int inUse(String key) {
        return inUse.getOrDefault(key, 0);
    }

    /** Keys with at least one permit out: the only keys this bound remembers. */
    public int keys() {
        return inUse.size();
    }

    /** Requests refused since start. */
    public long refusals() {
        return refusals.get();
    }
}
