package io.stagedoor.harness.demo;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Requests the pipeline rejected, counted by the reason their result gives. Thread-safe. */
final class Rejections {

    private final Map<String, LongAdder> byReason = new ConcurrentHashMap<>();

    void add(String reason) {
        byReason.computeIfAbsent(reason == null ? "no reason" : reason, r -> new LongAdder()).increment();
    }

    long total() {
        return byReason.values().stream().mapToLong(LongAdder::sum).sum();
    }

    long of(String reason) {
        LongAdder count = byReason.get(reason);
        return count == null ? 0 : count.sum();
    }

    /** Every reason with its count, in reason order. */
    Map<String, Long> byReason() {
        Map<String, Long> counts = new TreeMap<>();
        byReason.forEach((reason, count) -> counts.put(reason, count.sum()));
        return counts;
    }
}
