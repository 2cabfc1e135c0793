package io.stagedoor.admission.waitingroom;

/**
 * An event's room after an operation, as the store keeps it.
 *
 * @param rate          the entry rate in force
 * @param paused        whether admission is paused (joins still queue)
 * @param opened        whether the opening has passed
 * @param openedNow     whether this very operation opened the room (and so fixed the shuffle)
 * @param seed          the shuffle seed
 * @param lobbySize     how many buyers joined before the opening (positions 1..lobbySize, shuffled)
 * @param joined        how many buyers have a position
 * @param frontier      positions up to here are admitted; grows by the rate while open and not paused
 * @param admitted      how many buyers have collected their pass
 * @param actualWaitMillis    the sum of their waits, join to pass
 * @param estimatedWaitMillis the sum of the waits they were told when they joined
 * @param owed          places admitted by own queues that the frontier has still to make up for: it grows again
 *                      only once they are repaid
 * @param source        which store answered
 * @param active        how many admitted buyers are active now
 * @param cap           the cap on active buyers this operation was told ({@link ActiveCap#NONE} for none)
 * @param clockMillis   the room's own clock: the latest moment its frontier has grown to, at least this operation's
 *                      time. An operation stamped earlier than it (its call waited longer on the way) moves nothing,
 *                      so a rate it sets takes effect from here, not from its own stamp
 * @param drawStart     a random room with signed tickets: the first place of the window of arrivals not drawn yet
 *                      (the frontier stays below it); 0 when no window is open
 */
public record RoomState(EntryRate rate, boolean paused, boolean opened, boolean openedNow, long seed, long lobbySize,
                        long joined, double frontier, long admitted, long actualWaitMillis, long estimatedWaitMillis,
                        double owed, RoomSource source, long active, ActiveCap cap, long clockMillis,
                        long drawStart) {

    /** Buyers with a position not yet reached. */
    public long queueLength() {
        return Math.max(0, joined - (long) Math.floor(frontier));
    }

    /** Whether every active slot is taken. */
    public boolean full() {
        return cap.capped() && active >= cap.limit();
    }

    /** Whether the buyer at {@code position} may enter. */
    public boolean reached(long position) {
        return opened && position >= 1 && position <= frontier;
    }

    /** Whether the window of arrivals starting at {@code start} is drawn: closed, with its count kept. */
    public boolean drawn(long start) {
        return drawStart == 0 || start < drawStart;
    }

    RoomState from(RoomSource answeredBy) {
        return new RoomState(rate, paused, opened, openedNow, seed, lobbySize, joined, frontier, admitted,
                actualWaitMillis, estimatedWaitMillis, owed, answeredBy, active, cap, clockMillis, drawStart);
    }
}
