package io.stagedoor.topics;

import java.time.Duration;
import java.time.Instant;

/**
 * How an event's waiting room admits buyers to the seat map.
 *
 * @param enabled            whether the hold route requires a waiting-room pass for this event
 * @param entryRatePerSecond buyers admitted per second
 * @param opensAt            when the room opens; buyers who join earlier are shuffled at this moment
 * @param passLifetime       how long a pass stays valid once issued
 */
public record WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime) {

    public static final double DEFAULT_ENTRY_RATE = 50.0;
    public static final Duration DEFAULT_PASS_LIFETIME = Duration.ofMinutes(15);

    public WaitingRoomSettings {
        if (!(entryRatePerSecond > 0)) {
            throw new IllegalArgumentException(TopicsMessages.entryRateNotPositive(entryRatePerSecond));
        }
        if (passLifetime == null || passLifetime.isNegative() || passLifetime.isZero()) {
            throw new IllegalArgumentException(TopicsMessages.passLifetimeNotPositive(passLifetime));
        }
        if (opensAt == null) {
            opensAt = Instant.EPOCH;
        }
    }

    /** A room that is off: the hold route asks for no pass. */
    public static WaitingRoomSettings disabled() {
        return new WaitingRoomSettings(false, DEFAULT_ENTRY_RATE, Instant.EPOCH, DEFAULT_PASS_LIFETIME);
    }
}
