package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.puzzle.PuzzleVerdict;
import io.stagedoor.admission.waitingroom.PassVerdict;

/** Every problem detail the waiting-room routes write, so tests assert against one place. */
public final class WaitingRoomMessages {

    private WaitingRoomMessages() {
    }

    /** Where to queue for an event. */
    public static String queueRoute(String eventId) {
        return "POST /v1/events/" + eventId + "/queue";
    }

    /** Why the gate refused a hold, and where to queue. */
    public static String passRefused(PassVerdict verdict, String eventId) {
        String why = switch (verdict) {
            case MISSING -> "Holding seats for " + eventId + " needs a waiting-room pass while its waiting room is on.";
            case FORGED -> "The waiting-room pass is not one this service issued (forged or altered).";
            case EXPIRED -> "The waiting-room pass has expired.";
            case ENDED -> "The waiting-room pass's session has ended (checked out, holds ended, revoked, or queued"
                    + " again).";
            case OTHER_BUYER -> "The waiting-room pass was issued to another buyer.";
            case OTHER_EVENT -> "The waiting-room pass is for another event.";
            case VALID -> throw new IllegalArgumentException("a valid pass is not refused");
        };
        return why + " Queue with " + queueRoute(eventId) + " and send the pass in the "
                + WaitingRoomFeature.PASS_HEADER + " header (or the " + WaitingRoomFeature.PASS_COOKIE + " cookie).";
    }

    /** Where a buyer gets a join puzzle for an event. */
    public static String puzzleRoute(String eventId) {
        return "GET /v1/events/" + eventId + "/queue/puzzle";
    }

    /** A join without a solution, to a room that asks for one. */
    public static String puzzleRequired(String eventId) {
        return "Joining the waiting room of " + eventId + " needs a solved join puzzle: get one with "
                + puzzleRoute(eventId) + " and send the challenge and counter as " + WaitingRoomFeature.PUZZLE_HEADER
                + ": <challenge>:<counter>.";
    }

    /** Why a presented solution does not let the join in. */
    public static String puzzleRefused(PuzzleVerdict verdict, String eventId) {
        String why = switch (verdict) {
            case FORGED -> "The join puzzle is not one this service issued (forged or altered).";
            case NOT_YOURS -> "The join puzzle was issued to another buyer or for another event.";
            case EXPIRED -> "The join puzzle has expired.";
            case UNSOLVED -> "The counter does not solve the join puzzle.";
            case SPENT -> "The join puzzle's solution was used for a join already.";
            case MISSING, SOLVED -> throw new IllegalArgumentException("not a refusal: " + verdict);
        };
        return why + " Get a new one with " + puzzleRoute(eventId) + ".";
    }

    /** A puzzle asked of an event whose room asks for none. */
    public static String noPuzzle(String eventId) {
        return "Joining the waiting room of " + eventId + " needs no puzzle.";
    }

    public static String unknownEvent(String eventId) {
        return "There is no event " + eventId + ".";
    }

    public static String roomOff(String eventId) {
        return "The event " + eventId + " has no waiting room on; hold seats directly.";
    }

    public static String unknownTicket(String eventId) {
        return "There is no such ticket of yours in the waiting room of " + eventId + ".";
    }

    public static String noChange() {
        return "Say what to change: entryRatePerSecond (a positive number), paused (true or false), or both.";
    }

    public static String badRate(double rate) {
        return "entryRatePerSecond must be a positive number of buyers per second, was " + rate + ".";
    }

    /** A buyer id in a revocation that no buyer can have. */
    public static String badBuyerId() {
        return "buyerId must be 1 to 128 letters, digits or . _ @ : - characters.";
    }

    public static String lanesTakeTheirRate() {
        return "This room has lanes: their rates follow the event's entryRatePerSecond and their shares; change the "
                + "event's definition to change them. Pausing and resuming work.";
    }

    public static String noParkedLane(String eventId) {
        return "The waiting room of " + eventId + " has no parked lane (waitingRoom.parking): nobody can be parked there.";
    }

    public static String notParked(String eventId, String buyerId) {
        return "The buyer " + buyerId + " is not parked in the waiting room of " + eventId + ".";
    }

    public static String badParkingReason(int longest) {
        return "reason must say why, in 1 to " + longest + " characters.";
    }

    public static String badParkedLimit(String limit, int most) {
        return "limit must be a whole number from 1 to " + most + ", was " + limit + ".";
    }

    public static String noSession(String eventId, String buyerId) {
        return "The buyer " + buyerId + " has no active session in the waiting room of " + eventId + ".";
    }

    /** Told to a buyer who leaves a room they hold no active session in (never admitted, or already ended). */
    public static String notActive(String eventName) {
        return "You have no active session in the waiting room of " + eventName + ": there is nothing to leave.";
    }

    /** Told to everyone still queued, and to anyone joining, once every seat is sold. */
    public static String soldOut(String eventName) {
        return eventName + " is sold out: every seat has been bought. Nobody still in the waiting room will be admitted.";
    }

    /** Told to anyone joining, and to everyone still queued, while an event's room is closed. */
    public static String closed(String eventName) {
        return "The waiting room of " + eventName + " is closed: it admits nobody now.";
    }

    /** Told to a buyer who joins before the event's pre-queue starts. */
    public static String notOpenYet(String eventName, java.time.Instant preQueueAt) {
        return "The waiting room of " + eventName + " opens for queueing at " + preQueueAt + "; come back then.";
    }

    public static String roomUnavailable() {
        return "The waiting room could not answer; try again.";
    }

    /** A standing that is refused with a problem was asked for a body. */
    public static String refusedNotAnswered() {
        return "refused with a problem, not answered with a body";
    }

    public static String passSecretTooShort() {
        return "passSecret must have at least 32 bytes";
    }

    public static String instanceCountNotPositive(int instanceCount) {
        return "instanceCount must be positive, was " + instanceCount;
    }
}
