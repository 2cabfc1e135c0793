package io.stagedoor.admission.waitingroom;

import java.time.Duration;

/**
 * An event's room for operators.
 *
 * @param eventId           the event
 * @param rate              the entry rate set (operators change it; it applies from the moment it is set)
 * @param paused            whether admission is paused
 * @param opened            whether the opening has passed
 * @param seed              the shuffle's seed
 * @param lobbySize         how many buyers joined before the opening
 * @param joined            how many buyers have a position
 * @param queueLength       how many of them are still waiting
 * @param admitted          how many have collected their pass
 * @param admittedPerSecond the rate positions are being reached at now: the rate, or 0 when paused, not yet open,
 *                          every active slot is taken or nobody waits
 * @param meanEstimatedWait the mean wait admitted buyers were told when they joined
 * @param meanActualWait    the mean wait they had
 * @param source            which queue answered
 * @param active            how many admitted buyers are active now
 * @param maxActive         the cap on active buyers (0 for none)
 */
public record RoomSnapshot(String eventId, EntryRate rate, boolean paused, boolean opened, long seed, long lobbySize,
                           long joined, long queueLength, long admitted, double admittedPerSecond,
                           Duration meanEstimatedWait, Duration meanActualWait, RoomSource source, long active,
                           int maxActive) {

    static RoomSnapshot of(String eventId, RoomState room) {
        boolean admitting = room.opened() && !room.paused() && room.queueLength() > 0 && !room.full();
        long n = Math.max(1, room.admitted());
        return new RoomSnapshot(eventId, room.rate(), room.paused(), room.opened(), room.seed(), room.lobbySize(),
                room.joined(), room.queueLength(), room.admitted(), admitting ? room.rate().perSecond() : 0,
                Duration.ofMillis(room.estimatedWaitMillis() / n), Duration.ofMillis(room.actualWaitMillis() / n),
                room.source(), room.active(), room.cap().limit());
    }
}
