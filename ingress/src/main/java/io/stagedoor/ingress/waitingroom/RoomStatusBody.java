package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.entryloop.PlottedStep;
import io.stagedoor.admission.waitingroom.RoomSnapshot;
import io.stagedoor.topics.EntryLoopSettings;
import io.stagedoor.topics.EventDefinition;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * An event's room for operators.
 *
 * @param eventId                 the event
 * @param enabled                 whether the hold route asks for a pass
 * @param configuredRatePerSecond the rate in the event's definition
 * @param entryRatePerSecond      the rate set now (operators change it)
 * @param paused                  whether admission is paused
 * @param opensAt                 when entry starts
 * @param opened                  whether it has
 * @param queueLength             buyers still waiting
 * @param joined                  buyers given a position
 * @param admitted                buyers who collected their pass
 * @param admittedPerSecond       the rate positions are reached at now (0 while paused, closed or empty)
 * @param estimatedWaitSeconds    mean wait the admitted buyers were told on joining
 * @param actualWaitSeconds       mean wait they had
 * @param shuffleSeed             the seed of the opening's shuffle
 * @param source                  "redis", or "in-process" (single instance, or this instance's share during an outage)
 * @param activeBuyers            admitted buyers whose session is on
 * @param maxActive               the cap on active buyers (0 for none)
 * @param queueing                how the room chooses whom to admit: fifo, random, passthrough or reject
 * @param preQueueAt              when buyers may start to join (the pre-queue, shuffled at {@code opensAt})
 * @param entryLoop               the closed loop's bounds and its last steps, oldest first; null (left out of the JSON) for a room without one
 * @param lanes                   each lane's room, the lane for everyone else (whose room the fields above show)
 *                                first; null (left out) for a room without lanes
 */
public record RoomStatusBody(String eventId, boolean enabled, double configuredRatePerSecond, double entryRatePerSecond,
                             boolean paused, Instant opensAt, boolean opened, long queueLength, long joined,
                             long admitted, double admittedPerSecond, double estimatedWaitSeconds,
                             double actualWaitSeconds, long shuffleSeed, String source,
                             long activeBuyers, int maxActive, String queueing,
                             Instant preQueueAt, LoopStatus entryLoop, List<LaneStatus> lanes) {

    /** One lane's room: its share of the entry rate, the rate it has now, and its queue. */
    public record LaneStatus(String lane, double share, double entryRatePerSecond, boolean paused, long queueLength,
                             long joined, long admitted, long activeBuyers) {

        static LaneStatus of(String lane, double share, RoomSnapshot room) {
            return new LaneStatus(lane, share, room.rate().perSecond(), room.paused(), room.queueLength(),
                    room.joined(), room.admitted(), room.active());
        }
    }

    /** This status with {@code lanes}. */
    RoomStatusBody withLanes(List<LaneStatus> each) {
        return new RoomStatusBody(eventId, enabled, configuredRatePerSecond, entryRatePerSecond, paused, opensAt,
                opened, queueLength, joined, admitted, admittedPerSecond, estimatedWaitSeconds, actualWaitSeconds,
                shuffleSeed, source, activeBuyers, maxActive, queueing, preQueueAt, entryLoop, each);
    }

    /**
     * @param floor   the lowest rate the loop sets
     * @param ceiling the highest
     * @param steps   its last moves: {@code atMillis}, {@code rate}, {@code reason}
     */
    public record LoopStatus(double floor, double ceiling, List<PlottedStep> steps) {
    }

    static RoomStatusBody of(EventDefinition event, RoomSnapshot room, List<PlottedStep> steps) {
        EntryLoopSettings loop = event.waitingRoom().entryLoop();
        return new RoomStatusBody(event.eventId(), event.waitingRoom().enabled(),
                event.waitingRoom().entryRatePerSecond(), room.rate().perSecond(), room.paused(),
                event.waitingRoom().opensAt(), room.opened(), room.queueLength(), room.joined(), room.admitted(),
                room.admittedPerSecond(), room.meanEstimatedWait().toMillis() / 1000.0,
                room.meanActualWait().toMillis() / 1000.0, room.seed(),
                room.source().name().toLowerCase(Locale.ROOT).replace('_', '-'), room.active(), room.maxActive(),
                event.waitingRoom().queueing(), event.waitingRoom().preQueueAt(),
                loop == null ? null : new LoopStatus(loop.floor(), loop.ceiling(), steps), null);
    }
}
