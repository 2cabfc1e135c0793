package io.stagedoor.admission.waitingroom;

/**
 * Redis keys of one event's room. The event sits inside the hash tag, so all five keys are in one slot and the
 * script may touch them together on Redis Cluster.
 */
final class RoomKeys {

    private RoomKeys() {
    }

    /** {@code sd:{waiting-room:EVENT}:room}, {@code :buyers}, {@code :tickets}, {@code :lobby}, {@code :active}, under a namespace. */
    static String[] of(String namespace, String eventId) {
        String base = (namespace.isEmpty() ? "" : namespace + ':') + "sd:{waiting-room:" + eventId + "}:";
        return new String[] {base + "room", base + "buyers", base + "tickets", base + "lobby", base + "active"};
    }
}
