package io.stagedoor.ingress.scans;

import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Every ticket sold, as read from the seat-changes topic (a sale carries its tickets): which event and seat it is
 * for. Bounded by the seats of the known events. Thread-safe.
 */
public final class TicketBook {

    /** What a ticket admits to. */
    public record Ticket(String ticketId, String eventId, String seatId) {
    }

    private final Map<String, Ticket> tickets = new ConcurrentHashMap<>();

    /** Applies one record of the seat-changes topic. */
    public void apply(ConsumerRecord<String, byte[]> record) {
        SeatChange change = Json.read(record.value(), SeatChange.class);
        if (change.status() != SeatStatus.SOLD || change.tickets().isEmpty()) {
            return;
        }
        List<String> seats = change.seats();
        for (int i = 0; i < seats.size(); i++) {
            String ticketId = change.tickets().get(i);
            tickets.put(ticketId, new Ticket(ticketId, change.eventId(), seats.get(i)));
        }
    }

    public Optional<Ticket> find(String ticketId) {
        return Optional.ofNullable(tickets.get(ticketId));
    }
}
