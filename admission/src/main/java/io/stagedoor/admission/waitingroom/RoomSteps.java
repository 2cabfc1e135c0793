package io.stagedoor.admission.waitingroom;

/**
 * Where room steps go for audit. Called on the thread that completed the store call: an implementation must return
 * at once and never throw (drop and count instead).
 */
@FunctionalInterface
public interface RoomSteps {

    void record(RoomStep step);

    /** Steps recorded nowhere. */
    static RoomSteps none() {
        return step -> { };
    }
}
