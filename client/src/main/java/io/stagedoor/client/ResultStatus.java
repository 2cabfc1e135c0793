package io.stagedoor.client;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where an accepted request stands, as the results route says it on the wire (lower case). */
public enum ResultStatus {
    /** Accepted, not yet decided. */
    PENDING,
    /** A hold was created. */
    HELD,
    /** A checkout was paid: the seats are sold. */
    CONFIRMED,
    /** Valid, but could not be done; the reason says why. */
    REJECTED,
    /** Could not be processed. */
    FAILED,
    /** A status this client does not know (a newer service). */
    UNKNOWN;

    @JsonCreator
    public static ResultStatus fromWire(String wire) {
        if (wire == null) {
            return UNKNOWN;
        }
        for (ResultStatus status : values()) {
            if (status.wire().equals(wire.toLowerCase(Locale.ROOT))) {
                return status;
            }
        }
        return UNKNOWN;
    }

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this is the request's one final result. */
    public boolean decided() {
        return this != PENDING;
    }
}
