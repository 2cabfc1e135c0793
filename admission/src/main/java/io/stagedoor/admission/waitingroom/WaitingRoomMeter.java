package io.stagedoor.admission.waitingroom;

/** Every metric the waiting room publishes: the one place their names are written. */
public enum WaitingRoomMeter {
    /** Counter, tags {@code event}, {@code source}: buyers given a position. */
    JOINED("stagedoor.waitingroom.joined", "buyers given a place in a waiting room"),
    /** Counter, tags {@code event}, {@code source}: buyers admitted (pass issued for the first time). */
    ADMITTED("stagedoor.waitingroom.admitted", "buyers admitted from a waiting room"),
    /** Gauge, tag {@code event}: buyers with a position not yet reached, as of this instance's last operation. */
    QUEUE_LENGTH("stagedoor.waitingroom.queue.length", "buyers waiting"),
    /** Gauge, tag {@code event}: the entry rate in force, buyers per second (0 while paused). */
    ENTRY_RATE("stagedoor.waitingroom.entry.rate", "entry rate in force, buyers per second"),
    /** Timer, tag {@code event}: the wait a buyer was told on joining. */
    ESTIMATED_WAIT("stagedoor.waitingroom.wait.estimated", "wait estimated at joining"),
    /** Timer, tag {@code event}: the wait a buyer actually had, from joining to the pass. */
    ACTUAL_WAIT("stagedoor.waitingroom.wait.actual", "wait from joining to the pass"),
    /** Counter, tags {@code event}, {@code operation}: operations answered in-process while Redis was unavailable. */
    FALLBACK("stagedoor.waitingroom.fallback", "waiting-room operations answered in-process while Redis was unavailable"),
    /** Gauge, tag {@code event}: buyers active (admitted, session on), as of this instance's last operation. */
    ACTIVE("stagedoor.waitingroom.active", "buyers active: admitted and their session on"),
    /** Counter, tags {@code event}, {@code reason}: sessions ended early (checked-out, holds-ended, revoked). */
    ENDED("stagedoor.waitingroom.sessions.ended", "waiting-room sessions ended before their lifetime"),
    /** Counter, tags {@code event}, {@code reason} ({@code closed}, {@code sold-out}): joins a room turned away. */
    REFUSED("stagedoor.waitingroom.refused", "joins turned away: the room closed or the event sold out"),
    /** Counter, tag {@code event}: places given in the parked lane, which answers like the queue and never admits. */
    PARKED("stagedoor.waitingroom.parked", "joins given a place in the parked lane"),
    /** Counter, tag {@code event}: openings, each fixing the shuffle of earlier joiners. */
    SHUFFLES("stagedoor.waitingroom.shuffles", "waiting-room openings (shuffles)");

    public static final String TAG_EVENT = "event";
    public static final String TAG_SOURCE = "source";
    public static final String TAG_OPERATION = "operation";
    public static final String TAG_REASON = "reason";

    private final String meterName;
    private final String description;

    WaitingRoomMeter(String meterName, String description) {
        this.meterName = meterName;
        this.description = description;
    }

    public String meterName() {
        return meterName;
    }

    public String description() {
        return description;
    }
}
