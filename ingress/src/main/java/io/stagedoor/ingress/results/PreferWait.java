package io.stagedoor.ingress.results;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import java.util.Optional;

/** Reads the {@code wait} preference of an RFC 7240 {@code Prefer} header; other preferences are ignored. */
final class PreferWait {

    private PreferWait() {
    }

    /** The seconds asked for, empty when the header asks no wait; a 400 problem when the value is not 0..30. */
    static Optional<Long> parse(String prefer) {
        if (prefer == null) {
            return Optional.empty();
        }
        for (String preference : prefer.split(",")) {
            String[] nameValue = preference.trim().split("=", 2);
            if (nameValue[0].trim().equalsIgnoreCase("wait")) {
                String value = nameValue.length == 2 ? nameValue[1].trim().replace("\"", "") : "";
                return Optional.of(seconds(value));
            }
        }
        return Optional.empty();
    }

    private static long seconds(String value) {
        try {
            long seconds = Long.parseLong(value);
            if (seconds >= 0 && seconds <= ResultsResource.MAX_WAIT_SECONDS) {
                return seconds;
            }
        } catch (NumberFormatException notANumber) {
            // falls through to the problem below
        }
        throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.preferWait(value));
    }
}
