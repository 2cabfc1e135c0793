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
 * @param passLifetime how long a pass works after it is issued
 */
public record RoomPlan(EntryRate rate, Instant opensAt, Duration passLifetime) {

    public RoomPlan {
        Objects.requireNonNull(rate, "rate");
        opensAt = opensAt == null ? Instant.EPOCH : opensAt;
        Objects.requireNonNull(passLifetime, "passLifetime");
        if (passLifetime.isNegative() || passLifetime.isZero()) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("passLifetime", passLifetime.toMillis()));
        }
    }

    public static RoomPlan of(double ratePerSecond, Instant opensAt, Duration passLifetime) {
        return new RoomPlan(EntryRate.of(ratePerSecond), opensAt, passLifetime);
    }
}
