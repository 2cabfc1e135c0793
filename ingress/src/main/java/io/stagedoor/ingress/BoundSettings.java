package io.stagedoor.ingress;

import io.stagedoor.ingress.http.IngressMessages;
import java.time.Duration;

/**
 * How much one instance takes on at once. Defaults are in {@link IngressSettings.Builder}.
 *
 * @param maxInFlight             requests in flight per instance before the door sheds (default 400)
 * @param maxInFlightPerPrincipal requests in flight per authenticated caller, a share of the door (default 20)
 * @param maxInFlightPerAddress   requests in flight per source address on routes without a principal (default 20)
 * @param maxCheckouts            outstanding checkouts per instance (default 20)
 * @param checkoutPermitTimeout   how long a checkout holds its permit without a result (default 30 s)
 * @param maxPasswordHashes       password hashes computed at once per instance; past it login is 503 (default
 *                                {@link IngressSettings#PASSWORD_HASHES_PER_CORE} per core)
 * @param maxSeatsPerHold         seats one hold may take (default 8)
 * @param maxSeatsPerBuyer        seats one buyer may hold and buy of an event whose definition does not say
 *                                (default {@value io.stagedoor.topics.EventDefinition#DEFAULT_MAX_SEATS_PER_BUYER})
 */
public record BoundSettings(int maxInFlight, int maxInFlightPerPrincipal, int maxInFlightPerAddress, int maxCheckouts,
                            Duration checkoutPermitTimeout, int maxPasswordHashes, int maxSeatsPerHold,
                            int maxSeatsPerBuyer) {

    public BoundSettings {
        atLeastOne(maxSeatsPerHold, "maxSeatsPerHold");
        atLeastOne(maxSeatsPerBuyer, "maxSeatsPerBuyer");
        atLeastOne(maxInFlight, "maxInFlight");
        atLeastOne(maxCheckouts, "maxCheckouts");
        atLeastOne(maxPasswordHashes, "maxPasswordHashes");
        atLeastOne(maxInFlightPerPrincipal, "maxInFlightPerPrincipal");
        atLeastOne(maxInFlightPerAddress, "maxInFlightPerAddress");
    }

    static void atLeastOne(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(IngressMessages.belowOne(name, value));
        }
    }
}
