package io.stagedoor.topics;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a payment call ended. */
public enum PaymentStatus {
    /** Charged: the seats can be sold. */
    APPROVED,
    /** The gateway refused the charge: the hold goes back to the buyer. */
    DECLINED,
    /** The gateway did not answer in time: the charge is voided, the hold goes back to the buyer. */
    TIMED_OUT,
    /** The checkout pool gave the request up (dead-lettered): an earlier delivery may have charged before it died. */
    FAILED;

    /** Whether money may have been taken under this outcome's key, so that a checkout not sold must void it. */
    public boolean mayHaveCharged() {
        return this == APPROVED || this == FAILED;
    }

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @JsonCreator
    public static PaymentStatus fromWire(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
