package io.stagedoor.topics;

/**
 * An event's closed-loop entry rate: the room's rate follows the pipeline's measured headroom, never below
 * {@code floor} nor above {@code ceiling} buyers per second. The configured {@code entryRatePerSecond} is where it
 * starts.
 *
 * @param floor   the lowest rate the loop sets, buyers per second (positive)
 * @param ceiling the highest rate the loop sets, buyers per second (at least {@code floor})
 */
public record EntryLoopSettings(double floor, double ceiling) {

    public EntryLoopSettings {
        if (!(floor > 0) || Double.isInfinite(floor)) {
            throw new IllegalArgumentException(TopicsMessages.loopFloorNotPositive(floor));
        }
        if (!(ceiling >= floor) || Double.isInfinite(ceiling)) {
            throw new IllegalArgumentException(TopicsMessages.loopCeilingBelowFloor(floor, ceiling));
        }
    }

    /** {@code rate} kept between the floor and the ceiling. */
    public double clamp(double rate) {
        return Math.max(floor, Math.min(ceiling, rate));
    }
}
