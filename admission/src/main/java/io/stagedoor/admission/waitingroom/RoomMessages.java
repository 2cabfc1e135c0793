package io.stagedoor.admission.waitingroom;

import java.util.List;

/** Every message the waiting room writes, so tests can assert against one place. */
final class RoomMessages {

    private RoomMessages() {
    }

    static String rateNotPositive(double rate) {
        return "an entry rate must be a positive number of buyers per second, was " + rate;
    }

    static String notPositive(String what, long value) {
        return what + " must be positive, was " + value;
    }

    static String malformedReply(List<Object> reply) {
        return "the waiting-room script answered something unexpected: " + reply;
    }

    static String breakerTransition(String from, String to) {
        return "waiting room: Redis circuit " + from + " -> " + to
                + (to.equals("CLOSED") ? "; shared queue in use again" : "; joins and admissions use this instance's share");
    }

    static String timedOut(long millis) {
        return "the waiting room's Redis call took longer than " + millis + " ms";
    }

    static String answeredInProcess(String eventId, String operation) {
        return "waiting room " + eventId + ": Redis unavailable, " + operation + " answered in-process";
    }
}
