package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import java.util.Objects;

/**
 * What every store operation is told about the room: the event, the values a room starts with when this call
 * creates it (later calls never overwrite them), and the caller's clock, so the script is a pure function of its
 * inputs like the bucket's.
 *
 * @param eventId       the event
 * @param initialRate   the rate a new room starts at
 * @param opensAtMillis when entry starts
 * @param seed          the shuffle seed a new room records
 * @param nowMillis     the caller's clock
 * @param charge        places this instance's own queue admitted (while Redis was unreachable, or since, from its
 *                      backlog) and has not yet charged to the shared room: the room owes them before its frontier
 *                      grows again, so own and shared queues together keep to the rate
 * @param active        the event's cap on active buyers ({@link ActiveCap})
 * @param sessionMillis how long an admitted buyer stays active unless they leave earlier: the pass's lifetime
 * @param method        how the room chooses whom to admit next ({@link QueueingMethod#REJECT} never reaches a store)
 * @param drawMillis    a random room's signed tickets: how long each window of arrivals after the opening gathers
 *                      before it is drawn (decision 0029); 0 for a lottery of every waiting buyer (stored tickets)
 */
public record RoomCall(String eventId, EntryRate initialRate, long opensAtMillis, long seed, long nowMillis,
                       long charge, ActiveCap active, long sessionMillis, QueueingMethod method, long drawMillis) {

    /** The session length of calls that do not say: {@link RoomPlan}'s default pass lifetime. */
    static final long DEFAULT_SESSION_MILLIS = 15 * 60_000L;

    public RoomCall {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(initialRate, "initialRate");
        Objects.requireNonNull(active, "active");
        Objects.requireNonNull(method, "method");
        if (charge < 0) {
            throw new IllegalArgumentException(AdmissionMessages.negativeCharge(charge));
        }
        if (sessionMillis < 1) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("sessionMillis", sessionMillis));
        }
        if (drawMillis < 0) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("drawMillis", drawMillis));
        }
    }

    /** A call that charges nothing, in a room without a cap on active buyers. */
    public RoomCall(String eventId, EntryRate initialRate, long opensAtMillis, long seed, long nowMillis) {
        this(eventId, initialRate, opensAtMillis, seed, nowMillis, 0, ActiveCap.NONE, DEFAULT_SESSION_MILLIS,
                QueueingMethod.FIFO, 0);
    }

    /** The same call with the rate and the cap divided among {@code instances} (the in-process share), charging nothing. */
    RoomCall share(int instances) {
        return new RoomCall(eventId, initialRate.share(instances), opensAtMillis, seed, nowMillis, 0,
                active.share(instances), sessionMillis, method, drawMillis);
    }

    /** The same call charging {@code places} admitted elsewhere. */
    RoomCall charging(long places) {
        return new RoomCall(eventId, initialRate, opensAtMillis, seed, nowMillis, places, active, sessionMillis,
                method, drawMillis);
    }

    /** The same call under a cap of {@code cap} active buyers, each active for {@code millis} at most. */
    public RoomCall capped(ActiveCap cap, long millis) {
        return new RoomCall(eventId, initialRate, opensAtMillis, seed, nowMillis, charge, cap, millis, method,
                drawMillis);
    }

    /** The same call made at {@code millis}. */
    RoomCall at(long millis) {
        return new RoomCall(eventId, initialRate, opensAtMillis, seed, millis, charge, active, sessionMillis, method,
                drawMillis);
    }

    /** The same call drawing a random room's arrivals per window of {@code millis} (0: no windows). */
    public RoomCall drawing(long millis) {
        return new RoomCall(eventId, initialRate, opensAtMillis, seed, nowMillis, charge, active, sessionMillis, method,
                millis);
    }

    /** The same call choosing whom to admit by {@code queueing}. */
    public RoomCall choosing(QueueingMethod queueing) {
        return new RoomCall(eventId, initialRate, opensAtMillis, seed, nowMillis, charge, active, sessionMillis,
                queueing, drawMillis);
    }
}
