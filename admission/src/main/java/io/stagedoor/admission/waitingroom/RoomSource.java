package io.stagedoor.admission.waitingroom;

/** Where a room operation was answered. */
public enum RoomSource {
    /** The queue every instance shares. */
    REDIS,
    /** This instance's own queue: single-instance mode, or its share while Redis is unreachable. */
    IN_PROCESS
}
