package io.stagedoor.admission.lanes;

/**
 * The rooms of an event's lanes: each lane queues in a room of its own, keyed {@code <event>~<lane>}, and the lane
 * for everyone else in the event's own room, so a room without lanes is the room it always was. No event id contains
 * {@value #MARK} (the event catalog refuses one), so no lane's room is another event's.
 */
public final class LaneRooms {

    /** What separates the event from the lane in a lane room's key. */
    public static final char MARK = '~';

    private LaneRooms() {
    }

    /** The key of {@code lane}'s room of {@code eventId}; null {@code lane} for the lane for everyone else. */
    public static String roomOf(String eventId, String lane) {
        return lane == null ? eventId : eventId + MARK + lane;
    }

    /** Whether {@code room} is the room of {@code eventId} or of one of its lanes. */
    public static boolean isOf(String room, String eventId) {
        return room.equals(eventId) || (room.length() > eventId.length() + 1 && room.startsWith(eventId)
                && room.charAt(eventId.length()) == MARK);
    }
}
