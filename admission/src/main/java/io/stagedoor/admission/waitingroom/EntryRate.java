package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import java.time.Duration;

/**
 * Buyers admitted per second. Positive and finite; fractions are fine (0.5 is one buyer every two seconds).
 *
 * @param perSecond buyers per second
 */
public record EntryRate(double perSecond) {

    public EntryRate {
        if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException(AdmissionMessages.rateNotPositive(perSecond));
        }
    }

    public static EntryRate of(double perSecond) {
        return new EntryRate(perSecond);
    }

    /** This instance's share when {@code instances} instances admit independently (Redis unreachable). */
    public EntryRate share(int instances) {
        return new EntryRate(perSecond / instances);
    }

    /** How long admitting {@code buyers} more buyers takes at this rate. */
    public Duration timeFor(double buyers) {
        return Duration.ofMillis((long) Math.ceil(Math.max(0, buyers) * 1000 / perSecond));
    }

    /** The rate as the script and the audit write it. */
    public String text() {
        return Double.toString(perSecond);
    }
}
