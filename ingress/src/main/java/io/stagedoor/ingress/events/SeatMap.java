package io.stagedoor.ingress.events;

import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.json.Json;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The status of every seat that ever changed, as read from the seat-changes topic; a seat never mentioned is
 * available; and the event of every live hold. Both bounded by the seats of the known events. The inventory is the authority: this view lags it by the
 * topic's latency and only informs buyers. Thread-safe.
 */
public final class SeatMap {

    private final Map<String, Map<String, SeatStatus>> byEvent = new ConcurrentHashMap<>();
    private final Map<String, String> eventOfLiveHold = new ConcurrentHashMap<>();

    /** Applies one record of the seat-changes topic. */
    public void apply(ConsumerRecord<String, byte[]> record) {
        SeatChange change = Json.read(record.value(), SeatChange.class);
        Map<String, SeatStatus> seats = byEvent.computeIfAbsent(change.eventId(), id -> new ConcurrentHashMap<>());
        if (change.holdId() != null) {
            if (change.status() == SeatStatus.HELD) {
                eventOfLiveHold.put(change.holdId(), change.eventId());
            } else {
                eventOfLiveHold.remove(change.holdId());
            }
        }
        for (String seat : change.seats()) {
            if (change.status() == SeatStatus.AVAILABLE) {
                seats.remove(seat);
            } else {
                seats.put(seat, change.status());
            }
        }
    }

    /** The event of a hold that is live as far as this view knows (held, not yet sold, expired or released). */
    public java.util.Optional<String> eventOfLiveHold(String holdId) {
        return java.util.Optional.ofNullable(eventOfLiveHold.get(holdId));
    }

    /** The status of one seat as last seen. */
    public SeatStatus status(String eventId, String seatId) {
        return byEvent.getOrDefault(eventId, Map.of()).getOrDefault(seatId, SeatStatus.AVAILABLE);
    }
}
