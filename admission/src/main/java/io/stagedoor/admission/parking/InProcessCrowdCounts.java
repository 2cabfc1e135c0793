package io.stagedoor.admission.parking;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Crowds in this process, for one instance without Redis and for tests. At most {@code maxKeys} keys (expired ones are
 * dropped first; a key past the bound is not counted, so a flood of networks cannot grow the map) and at most
 * {@code maxMembers} members per key: past it the count stays there, which is all a rule needs to know.
 */
public final class InProcessCrowdCounts implements CrowdCounts {

    private final ConcurrentHashMap<String, Crowd> crowds = new ConcurrentHashMap<>();
    private final int maxKeys;
    private final int maxMembers;
    private final LongSupplier clock;

    /** @param clock epoch milliseconds */
    public InProcessCrowdCounts(int maxKeys, int maxMembers, LongSupplier clock) {
        this.maxKeys = maxKeys;
        this.maxMembers = maxMembers;
        this.clock = clock;
    }

    @Override
    public CompletionStage<Long> add(String key, String member, Duration window) {
        long now = clock.getAsLong();
        if (!crowds.containsKey(key) && crowds.size() >= maxKeys) {
            crowds.values().removeIf(crowd -> crowd.until <= now);
            if (crowds.size() >= maxKeys) {
                return CompletableFuture.completedFuture(0L);
            }
        }
        Crowd crowd = crowds.compute(key, (k, old) -> old == null || old.until <= now
                ? new Crowd(now + window.toMillis()) : old);
        if (crowd.members.size() < maxMembers) {
            crowd.members.add(member);
        }
        return CompletableFuture.completedFuture((long) crowd.members.size());
    }

    private static final class Crowd {

        final long until;
        final Set<String> members = ConcurrentHashMap.newKeySet();

        Crowd(long until) {
            this.until = until;
        }
    }
}
