package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One event's room as configured: the rate it starts at (operators change it at runtime), when it opens (buyers
 * who join earlier are shuffled then) and how long a pass lasts. Admission does not know whether the hold route
 * asks for passes; that is the caller's decision.
 *
 * @param rate         the configured entry rate
 * @param opensAt      when entry starts; {@link Instant#EPOCH} for a room that is open at once
 * @param passLifetime how long a pass works after it is issued; also the longest a buyer stays active
 * @param active       the cap on buyers active at once ({@link ActiveCap#NONE} for none)
 * @param method       how the room chooses whom to admit next (default {@link QueueingMethod#FIFO})
 * @param soldOut      whether every seat of the event is sold: buyers still queued are told so, and nobody joins
 * @param preQueueAt   when buyers may start to join; {@link Instant#EPOCH} for any time
 */
public record RoomPlan(EntryRate rate, Instant opensAt, Duration passLifetime, ActiveCap active, QueueingMethod method,
                       boolean soldOut, Instant preQueueAt) {

    public RoomPlan {
        Objects.requireNonNull(rate, "rate");
        active = active == null ? ActiveCap.NONE : active;
        method = method == null ? QueueingMethod.FIFO : method;
        preQueueAt = preQueueAt == null ? Instant.EPOCH : preQueueAt;
        opensAt = opensAt == null ? Instant.EPOCH : opensAt;
        Objects.requireNonNull(passLifetime, "passLifetime");
        if (passLifetime.isNegative() || passLifetime.isZero()) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("passLifetime", passLifetime.toMillis()));
        }
    }

    /** A room without a cap on active buyers. */
    public RoomPlan(EntryRate rate, Instant opensAt, Duration passLifetime) {
        this(rate, opensAt, passLifetime, ActiveCap.NONE, QueueingMethod.FIFO, false, Instant.EPOCH);
    }

    public static RoomPlan of(double ratePerSecond, Instant opensAt, Duration passLifetime) {
        return new RoomPlan(EntryRate.of(ratePerSecond), opensAt, passLifetime);
    }

    /** This plan with at most {@code maxActive} buyers active at once (0 for no cap). */
    public RoomPlan withMaxActive(int maxActive) {
        return new RoomPlan(rate, opensAt, passLifetime, ActiveCap.of(maxActive), method, soldOut, preQueueAt);
    }

    /** This plan choosing whom to admit by {@code queueing}. */
    public RoomPlan withMethod(QueueingMethod queueing) {
        return new RoomPlan(rate, opensAt, passLifetime, active, queueing, soldOut, preQueueAt);
    }

    /** This plan for an event whose seats are all sold ({@code true}) or not. */
    public RoomPlan withSoldOut(boolean sold) {
        return new RoomPlan(rate, opensAt, passLifetime, active, method, sold, preQueueAt);
    }

    /** This plan letting buyers join from {@code from} on. */
    public RoomPlan withPreQueueAt(Instant from) {
        return new RoomPlan(rate, opensAt, passLifetime, active, method, soldOut, from);
    }
}
