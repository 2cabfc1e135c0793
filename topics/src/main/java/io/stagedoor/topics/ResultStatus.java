package io.stagedoor.topics;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The terminal outcome of an accepted request. */
public enum ResultStatus {
    /** A hold was created. */
    HELD,
    /** A checkout was paid: the seats are sold. */
    CONFIRMED,
    /** The request was valid but could not be done (the reason says why). */
    REJECTED,
    /** The request could not be processed (dead-lettered, or gave up). */
    FAILED;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static ResultStatus fromWire(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }
}
