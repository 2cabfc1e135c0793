package io.stagedoor.workers.inventory;

import io.stagedoor.topics.EventDefinition;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The events the inventory knows, read from the global store that mirrors the compacted events topic. A
 * definition is cached with its seat ids as a set for up to a second: reading and parsing a large seat map on
 * every hold would cost more than the hold itself, and an operator's edit may take that second to show. The cache
 * is shared by every task of one inventory ({@link #sharedCache}): each of a dozen partitions' tasks parsing every
 * event's seat map each second cost a tenth of the stream thread at saturation (bench/RESULTS.md).
 */
final class InventoryEvents {

    static final String STORE = "inventory-events";
    private static final Duration REFRESH = Duration.ofSeconds(1);

    private final KeyValueStore<String, EventDefinition> events;
    private final Map<String, Known> cache;

    /** @param cache the definitions already read, shared by the tasks of one inventory ({@link #sharedCache}) */
    InventoryEvents(ProcessingContext context, Map<String, Known> cache) {
        this.events = context.getStateStore(STORE);
        this.cache = cache;
    }

    /** A cache for the tasks of one inventory to share, on any of its stream threads. */
    static Map<String, Known> sharedCache() {
        return new java.util.concurrent.ConcurrentHashMap<>();
    }

    /** The event with its seat set, or null when no such event is defined. */
    Known find(String eventId, Instant now) {
        Known cached = cache.get(eventId);
        if (cached != null && now.isBefore(cached.loadedAt.plus(REFRESH))) {
            return cached;
        }
        EventDefinition definition = events.get(eventId);
        if (definition == null) {
            cache.remove(eventId);
            return null;
        }
        Known known = new Known(definition, Set.copyOf(definition.seats()), now);
        cache.put(eventId, known);
        return known;
    }

    /** An event definition with its seat ids in a set. */
    record Known(EventDefinition definition, Set<String> seats, Instant loadedAt) {
    }
}
