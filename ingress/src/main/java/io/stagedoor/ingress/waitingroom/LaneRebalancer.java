package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.lanes.LaneRates;
import io.stagedoor.admission.waitingroom.EntryRate;
import io.stagedoor.admission.waitingroom.RoomSnapshot;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.topics.EventDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each open room's lanes at their rates (decision 0039): every second, reads each lane's room and sets the rate
 * {@link LaneRates} gives, so lanes with buyers split the event's entry rate by their shares and a lane with nobody
 * waiting lends its share. A rate is set only when it moved by more than a hundredth, so instances that all rebalance
 * agree without writing. A paused lane is left as it is. Never blocks the ticker on a room call.
 */
final class LaneRebalancer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LaneRebalancer.class);
    static final long TICK_MILLIS = 1_000;
    private static final double MOVE = 0.01;

    private final WaitingRoom room;
    private final EventCatalog catalog;
    private final Set<String> balancing = ConcurrentHashMap.newKeySet();
    private final Ticker ticker = new Ticker("lane-rates", TICK_MILLIS, this::tick);

    LaneRebalancer(WaitingRoom room, EventCatalog catalog) {
        this.room = room;
        this.catalog = catalog;
    }

    LaneRebalancer start() {
        ticker.start();
        return this;
    }

    /** Rebalances every open room with lanes; at most one pass per event in flight. Never throws. */
    void tick() {
        for (EventDefinition event : catalog.all()) {
            if (event.waitingRoom().enabled() && event.waitingRoom().lanes() != null && balancing.add(event.eventId())) {
                try {
                    rebalance(event).whenComplete((done, error) -> {
                        balancing.remove(event.eventId());
                        if (error != null) {
                            LOG.debug("could not rebalance the lanes of {}: {}", event.eventId(), error.toString());
                        }
                    });
                } catch (RuntimeException e) {
                    balancing.remove(event.eventId());
                    LOG.debug("could not rebalance the lanes of {}: {}", event.eventId(), e.toString());
                }
            }
        }
    }

    /** Reads each lane's room, then sets the rates that moved. */
    CompletableFuture<Void> rebalance(EventDefinition event) {
        List<EventRooms.Lane> lanes = EventRooms.lanes(event);
        List<CompletableFuture<RoomSnapshot>> read = lanes.stream().map(lane -> room.snapshot(lane.room(),
                EventRooms.configured(event, lane.room())).toCompletableFuture()).toList();
        return CompletableFuture.allOf(read.toArray(CompletableFuture[]::new)).thenCompose(all -> {
            List<RoomSnapshot> rooms = read.stream().map(CompletableFuture::join).toList();
            if (rooms.stream().anyMatch(snapshot -> !snapshot.opened())) {
                return CompletableFuture.completedFuture(null);
            }
            double[] rates = LaneRates.split(event.waitingRoom().entryRatePerSecond(),
                    lanes.stream().map(EventRooms.Lane::share).toList(),
                    rooms.stream().map(snapshot -> snapshot.queueLength() > 0).toList());
            List<CompletableFuture<?>> set = new ArrayList<>();
            for (int i = 0; i < rates.length; i++) {
                RoomSnapshot now = rooms.get(i);
                if (!now.paused() && Math.abs(now.rate().perSecond() - rates[i]) > MOVE * rates[i]) {
                    String key = lanes.get(i).room();
                    set.add(room.changeRate(key, EventRooms.configured(event, key), EntryRate.of(rates[i]))
                            .toCompletableFuture());
                }
            }
            return CompletableFuture.allOf(set.toArray(CompletableFuture[]::new));
        });
    }

    @Override
    public void close() {
        ticker.close();
    }
}
