package io.stagedoor.workers.payment;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the simulated gateway did, by idempotency key: calls received, money taken, declines and voids. Tests
 * and the audit read it to prove nobody was charged twice. Thread-safe.
 */
public final class PaymentLedger {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> charges = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> amounts = new ConcurrentHashMap<>();
    private final Set<String> declines = ConcurrentHashMap.newKeySet();
    private final Set<String> voids = ConcurrentHashMap.newKeySet();

    void called(String key) {
        calls.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    void charged(String key, long amountCents) {
        charges.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        amounts.computeIfAbsent(key, k -> new AtomicLong()).addAndGet(amountCents);
    }

    void declined(String key) {
        declines.add(key);
    }

    void recordVoid(String key) {
        voids.add(key);
    }

    /** Charge calls received under {@code key}, repeats included. */
    public int calls(String key) {
        AtomicInteger count = calls.get(key);
        return count == null ? 0 : count.get();
    }

    /** Times money was taken under {@code key}: 0 or 1 unless idempotency failed. */
    public int charges(String key) {
        AtomicInteger count = charges.get(key);
        return count == null ? 0 : count.get();
    }

    /** Whether the charge under {@code key} was voided. */
    public boolean wasVoided(String key) {
        return voids.contains(key);
    }

    /** A consistent-enough copy for reports and the ledger endpoint. */
    public Snapshot snapshot() {
        Map<String, Integer> chargeCounts = new TreeMap<>();
        charges.forEach((key, count) -> chargeCounts.put(key, count.get()));
        int totalCalls = calls.values().stream().mapToInt(AtomicInteger::get).sum();
        return new Snapshot(totalCalls, chargeCounts, new TreeSet<>(declines), new TreeSet<>(voids));
    }

    /**
     * The ledger at one moment.
     *
     * @param calls    charge calls received, repeats included
     * @param charges  times money was taken, by idempotency key
     * @param declines keys whose charge was declined
     * @param voids    keys whose charge was voided
     */
    public record Snapshot(int calls, Map<String, Integer> charges, Set<String> declines, Set<String> voids) {

        /** Keys charged more than once: must be empty. */
        public Set<String> doubleCharged() {
            Set<String> keys = new TreeSet<>();
            charges.forEach((key, count) -> {
                if (count > 1) {
                    keys.add(key);
                }
            });
            return keys;
        }

        /** Keys charged and not voided. */
        public Set<String> kept() {
            Set<String> keys = new TreeSet<>(charges.keySet());
            keys.removeAll(voids);
            return keys;
        }
    }
}
