package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.topics.EventDefinition;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens every scheduled room by itself at its opening, so the pre-queue is shuffled then and the frontier starts
 * there even when no buyer asks at that moment: each {@link #tick} opens the rooms whose opening has passed and that
 * this instance has not yet seen open. Every instance ticks; the room's store opens a room once, so the shuffle is
 * recorded once. {@link #start} ticks every {@value #TICK_MILLIS} ms on one daemon thread until {@link #close}.
 * Memory: one entry per event opened, bounded by the events operators define.
 */
final class RoomOpenings implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RoomOpenings.class);
    static final long TICK_MILLIS = 200;

    private final WaitingRoom room;
    private final EventCatalog catalog;
    private final Clock clock;
    private final Set<String> seenOpen = ConcurrentHashMap.newKeySet();
    private final Set<String> opening = ConcurrentHashMap.newKeySet();
    private final Ticker ticker = new Ticker("room-openings", TICK_MILLIS, this::tick);

    RoomOpenings(WaitingRoom room, EventCatalog catalog, Clock clock) {
        this.room = room;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** Ticks from now on, on a thread of its own. */
    RoomOpenings start() {
        ticker.start();
        return this;
    }

    /** Opens the rooms that are due and not yet seen open; at most one call per room in flight. Never throws. */
    void tick() {
        long now = clock.millis();
        for (EventDefinition event : catalog.all()) {
            if (!event.waitingRoom().enabled() || event.waitingRoom().opensAt().toEpochMilli() > now) {
                continue;
            }
            for (EventRooms.Lane lane : EventRooms.lanes(event)) {
                open(event, lane.room());
            }
        }
    }

    /** Opens {@code eventId}'s room (the event's, or a lane's) unless seen open or already being opened. */
    private void open(EventDefinition event, String eventId) {
        if (seenOpen.contains(eventId) || !opening.add(eventId)) {
            return;
        }
        try {
            room.openIfDue(eventId, EventRooms.configured(event, eventId)).whenComplete((open, error) -> {
                opening.remove(eventId);
                if (Boolean.TRUE.equals(open)) {
                    seenOpen.add(eventId);
                } else if (error != null) {
                    LOG.debug("could not open the room of {}; trying again: {}", eventId, error.toString());
                }
            });
        } catch (RuntimeException e) {
            opening.remove(eventId);
            LOG.debug("could not open the room of {}; trying again: {}", eventId, e.toString());
        }
    }

    /** Whether this instance has seen {@code eventId}'s room open. */
    boolean seenOpen(String eventId) {
        return seenOpen.contains(eventId);
    }

    @Override
    public void close() {
        ticker.close();
    }
}
