package io.stagedoor.ingress.events;

import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.json.Json;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The events this instance knows, as read from the compacted events topic. Bounded by the number of events
 * operators define; a tombstone removes an event. Thread-safe.
 */
public final class EventCatalog {

    private final ConcurrentHashMap<String, EventDefinition> events = new ConcurrentHashMap<>();
    /** The seat ids of each event as a set: the hold route checks every requested seat against it. */
    private final ConcurrentHashMap<String, java.util.Set<String>> seats = new ConcurrentHashMap<>();

    /** Applies one record of the events topic. */
    public void apply(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            events.remove(record.key());
            seats.remove(record.key());
            return;
        }
        put(Json.read(record.value(), EventDefinition.class));
    }

    /** Adds or replaces an event directly (an operator's write, before the topic echoes it). */
    public void put(EventDefinition event) {
        seats.put(event.eventId(), java.util.Set.copyOf(event.seats()));
        events.put(event.eventId(), event);
    }

    /** Whether the event's seat map has the seat, in constant time. */
    public boolean hasSeat(String eventId, String seatId) {
        return seats.getOrDefault(eventId, java.util.Set.of()).contains(seatId);
    }

    public Optional<EventDefinition> find(String eventId) {
        return Optional.ofNullable(events.get(eventId));
    }

    /** Every known event, by on-sale time then id. */
    public List<EventDefinition> all() {
        Collection<EventDefinition> values = events.values();
        return values.stream()
                .sorted(Comparator.comparing(EventDefinition::onSaleAt).thenComparing(EventDefinition::eventId))
                .toList();
    }
}
