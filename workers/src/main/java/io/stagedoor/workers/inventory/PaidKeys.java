package io.stagedoor.workers.inventory;

import io.stagedoor.topics.ids.CorrelationIds;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The hold each checkout key paid for: by the key part of a checkout's correlation id ({@link
 * CorrelationIds#keyPart}), which every id derived from one buyer's {@code Idempotency-Key} shares, the hold it pinned
 * for payment and the id that pinned it. Remembered for the checkout retention, which must be at least as long as
 * the payment gateway remembers its keys.
 *
 * <p>This task's own checkouts are in its processed store at once; every task's reach the others through the
 * compacted checkout-keys topic, which a global store mirrors (a tombstone ends an entry). So a key that paid for a
 * hold of one event is refused on a hold of another event, whichever task owns it, once the first checkout's
 * transaction committed (a fraction of a second); the ingress's key fingerprint covers that moment.
 */
final class PaidKeys {

    static final String STORE = "inventory-checkout-keys";
    static final String PREFIX = "checkout-key:";
    private static final String SEPARATOR = "\u001f";

    private final SeatBook book;
    private final KeyValueStore<String, String> everyTask;
    private final InventoryOutputs out;
    private final Duration retention;

    PaidKeys(ProcessingContext context, SeatBook book, InventoryOutputs out, Duration retention) {
        this.book = book;
        this.everyTask = context.getStateStore(STORE);
        this.out = out;
        this.retention = retention;
    }

    /** What the key of {@code correlationId} paid for, or null when it paid for nothing (remembered). */
    Purchase paidBy(String correlationId) {
        String keyPart = CorrelationIds.keyPart(correlationId);
        String stored = book.processed(PREFIX + keyPart);
        return Purchase.parse(stored != null ? stored : everyTask.get(keyPart));
    }

    /** Remembers that the key of {@code correlationId} pinned {@code holdId} for payment. */
    void paid(String correlationId, String holdId, Instant now) {
        String keyPart = CorrelationIds.keyPart(correlationId);
        String value = holdId + SEPARATOR + correlationId;
        book.markProcessed(PREFIX + keyPart, value, now, retention);
        out.paidKey(keyPart, value);
    }

    /** The retention of the processed entry {@code key} ended: every task forgets it too. */
    void forgotten(String key) {
        if (key.startsWith(PREFIX)) {
            out.paidKey(key.substring(PREFIX.length()), null);
        }
    }

    /** A key's purchase: the hold it pinned for payment and the checkout id that did. */
    record Purchase(String holdId, String correlationId) {

        static Purchase parse(String stored) {
            if (stored == null) {
                return null;
            }
            int at = stored.indexOf(SEPARATOR);
            return at < 0 ? new Purchase(stored, "") : new Purchase(stored.substring(0, at), stored.substring(at + 1));
        }
    }
}
