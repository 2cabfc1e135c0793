package io.stagedoor.admission.entryloop;

import java.util.Locale;
import java.util.Optional;

/**
 * One step of an event's rate as the operator page plots it.
 *
 * @param atMillis when, epoch milliseconds
 * @param rate     the rate set, buyers per second
 * @param reason   the input that moved it ({@link RateMove#reason()})
 */
public record PlottedStep(long atMillis, double rate, String reason) {

    /** As the board stores it: {@code "at rate reason"}. */
    String text() {
        return atMillis + " " + String.format(Locale.ROOT, "%.2f", rate) + " " + reason;
    }

    /** The step stored as {@code text}, or empty if it is not one. */
    static Optional<PlottedStep> parse(String text) {
        String[] parts = text.split(" ");
        if (parts.length != 3) {
            return Optional.empty();
        }
        try {
            return Optional.of(new PlottedStep(Long.parseLong(parts[0]), Double.parseDouble(parts[1]), parts[2]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
