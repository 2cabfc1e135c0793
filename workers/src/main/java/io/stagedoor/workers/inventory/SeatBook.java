package io.stagedoor.workers.inventory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The inventory task's state: who claims each seat, the holds, how many seats each buyer holds or bought of each
 * event, what is due when (expiries and clean-ups) and which correlation ids were already processed. One instance
 * per task; every change is logged to a changelog and committed with the task's outputs under exactly-once.
 */
final class SeatBook {

    static final String SEATS = "inventory-seats";
    static final String HOLDS = "inventory-holds";
    static final String DUE = "inventory-due";
    static final String PROCESSED = "inventory-processed";
    static final String BUYER_SEATS = "inventory-buyer-seats";

    /**
     * How long a processed correlation id is remembered: far longer than any redelivery takes (seconds), and long
     * enough for a client retrying one Idempotency-Key after a crash. The stores live in memory, so this bounds
     * their size: one processed id and one purge entry per request the inventory saw in the last hour. Checkouts are
     * remembered longer, for the worker's {@code checkoutIdRetention} (decision 0021).
     */
    static final Duration PROCESSED_RETENTION = Duration.ofHours(1);
    /** How long an expired or sold hold is kept, so a late checkout reads "expired" or "not payable". */
    static final Duration SETTLED_HOLD_RETENTION = Duration.ofHours(1);

    private static final char SEPARATOR = '\u001f';
    private static final String HOLD_DUE = "h";
    private static final String PURGE_DUE = "p";

    private final KeyValueStore<String, SeatClaim> seats;
    private final KeyValueStore<String, Hold> holds;
    private final KeyValueStore<String, String> due;
    private final KeyValueStore<String, String> processed;
    private final KeyValueStore<String, Integer> buyerSeats;

    SeatBook(ProcessingContext context) {
        this.seats = context.getStateStore(SEATS);
        this.holds = context.getStateStore(HOLDS);
        this.due = context.getStateStore(DUE);
        this.processed = context.getStateStore(PROCESSED);
        this.buyerSeats = context.getStateStore(BUYER_SEATS);
    }

    /** Whether every seat is free. */
    boolean allFree(String eventId, List<String> seatIds) {
        for (String seat : seatIds) {
            if (seats.get(seatKey(eventId, seat)) != null) {
                return false;
            }
        }
        return true;
    }

    void claim(String eventId, List<String> seatIds, SeatClaim claim) {
        List<KeyValue<String, SeatClaim>> entries = new ArrayList<>(seatIds.size());
        for (String seat : seatIds) {
            entries.add(KeyValue.pair(seatKey(eventId, seat), claim));
        }
        seats.putAll(entries);
    }

    void free(String eventId, List<String> seatIds) {
        for (String seat : seatIds) {
            seats.delete(seatKey(eventId, seat));
        }
    }

    /** Seats of this event the buyer holds or bought, together. */
    int buyerSeats(String eventId, String buyerId) {
        Integer count = buyerSeats.get(seatKey(eventId, buyerId));
        return count == null ? 0 : count;
    }

    /**
     * Counts {@code delta} more seats (fewer when negative) against the buyer's seats of the event. A buyer with none
     * left has no entry, so the store holds one entry per buyer with seats held or bought, not one per buyer ever seen.
     */
    void countBuyerSeats(String eventId, String buyerId, int delta) {
        String key = seatKey(eventId, buyerId);
        int count = buyerSeats(eventId, buyerId) + delta;
        if (count > 0) {
            buyerSeats.put(key, count);
        } else {
            buyerSeats.delete(key);
        }
    }

    Hold hold(String holdId) {
        return holds.get(holdId);
    }

    void save(Hold hold) {
        holds.put(hold.holdId(), hold);
    }

    void forget(String holdId) {
        holds.delete(holdId);
    }

    /** Asks {@link #takeDue} to return this hold at {@code at}. */
    void revisit(String holdId, Instant at) {
        due.put(dueKey(at, HOLD_DUE, holdId), holdId);
    }

    /** What processing recorded for this key, or null when it was never processed. */
    String processed(String key) {
        return processed.get(key);
    }

    void markProcessed(String key, String outcome, Instant now) {
        markProcessed(key, outcome, now, PROCESSED_RETENTION);
    }

    /** Records {@code outcome} for {@code key}, remembered for {@code retention}. */
    void markProcessed(String key, String outcome, Instant now, Duration retention) {
        processed.put(key, outcome);
        due.put(dueKey(now.plus(retention), PURGE_DUE, key), key);
    }

    /**
     * Removes and returns the ids of the holds due by {@code now}; forgets processed ids whose retention ended,
     * telling {@code forgotten} each one.
     */
    List<String> takeDue(Instant now, java.util.function.Consumer<String> forgotten) {
        List<KeyValue<String, String>> entries = new ArrayList<>();
        String upTo = String.format("%019d", now.toEpochMilli()) + SEPARATOR + '\uffff';
        try (KeyValueIterator<String, String> range = due.range(null, upTo)) {
            range.forEachRemaining(entries::add);
        }
        List<String> holdIds = new ArrayList<>();
        for (KeyValue<String, String> entry : entries) {
            due.delete(entry.key);
            if (entry.key.contains(SEPARATOR + PURGE_DUE + SEPARATOR)) {
                processed.delete(entry.value);
                forgotten.accept(entry.value);
            } else {
                holdIds.add(entry.value);
            }
        }
        return holdIds;
    }

    private static String seatKey(String eventId, String seat) {
        return eventId + SEPARATOR + seat;
    }

    private static String dueKey(Instant at, String kind, String id) {
        // Zero-padded millis sort in time order under the store's byte order, so due work is one range scan.
        return String.format("%019d", Math.max(0, at.toEpochMilli())) + SEPARATOR + kind + SEPARATOR + id;
    }
}
