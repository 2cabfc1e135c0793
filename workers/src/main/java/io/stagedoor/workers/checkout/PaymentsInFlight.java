package io.stagedoor.workers.checkout;

import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.AcknowledgeType;

/**
 * The payment work of one pool instance, by what it does to the gateway ({@code charge <gateway key>} or
 * {@code void <gateway key>}): the work in flight, and for {@code retention} after it the work that settled (its
 * outcome safe at the broker). A record that comes back to any lane of the instance while its work runs or just
 * settled (its lock was lost despite renewal, or its acceptance did not reach the broker in time) joins that work
 * instead of calling the gateway again. Work that ended in a release is forgotten at once: its next delivery tries
 * again. Thread-safe; no lock is held while work starts, so a gateway that blocks its caller blocks one lane only.
 */
final class PaymentsInFlight {

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final Queue<Settled> settled = new ConcurrentLinkedQueue<>();
    private final long retentionNanos;
    private final LongSupplier nanoTime;

    PaymentsInFlight(Duration retention, LongSupplier nanoTime) {
        this.retentionNanos = retention.toNanos();
        this.nanoTime = nanoTime;
    }

    /**
     * The work for {@code key}: the one in flight or recently settled here, joined, or else the one {@code start}
     * begins. The work's result is how the record that asked for it is to be acknowledged; a failure to start or a
     * failed work reads {@link AcknowledgeType#RELEASE}.
     */
    Work claim(String key, Supplier<CompletableFuture<AcknowledgeType>> start) {
        forgetExpired();
        Entry mine = new Entry(new CompletableFuture<>());
        Entry earlier = entries.putIfAbsent(key, mine);
        if (earlier != null) {
            return new Work(earlier.result, true);
        }
        mine.result.thenAccept(ack -> {
            if (ack == AcknowledgeType.ACCEPT) {
                settled.add(new Settled(key, mine, nanoTime.getAsLong()));
            } else {
                entries.remove(key, mine);
            }
        });
        try {
            start.get().whenComplete((ack, error) ->
                    mine.result.complete(error == null && ack != null ? ack : AcknowledgeType.RELEASE));
        } catch (RuntimeException e) {
            mine.result.complete(AcknowledgeType.RELEASE);
        }
        return new Work(mine.result, false);
    }

    /** Entries known now, in flight or settled within the retention: for tests. */
    int size() {
        forgetExpired();
        return entries.size();
    }

    private void forgetExpired() {
        long now = nanoTime.getAsLong();
        for (Settled head = settled.peek(); head != null && now - head.at >= retentionNanos; head = settled.peek()) {
            if (settled.remove(head)) {
                entries.remove(head.key, head.entry);
            }
        }
    }

    /**
     * Payment work a lane waits on.
     *
     * @param result how to acknowledge the record once done
     * @param joined whether the work was already in flight or settled here, started by an earlier delivery
     */
    record Work(CompletableFuture<AcknowledgeType> result, boolean joined) {
    }

    private record Entry(CompletableFuture<AcknowledgeType> result) {
    }

    private record Settled(String key, Entry entry, long at) {
    }
}
