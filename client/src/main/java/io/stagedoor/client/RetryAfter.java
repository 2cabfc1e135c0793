package io.stagedoor.client;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Reads a {@code Retry-After} field (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date. The wait is measured from
 * when the answer arrived, which is never earlier than when the service sent it, so honouring it from there never
 * comes back early.
 */
public final class RetryAfter {

    private RetryAfter() {
    }

    /** The wait the field asks for, empty when absent or unreadable; a date in the past is a wait of zero. */
    public static Optional<Duration> parse(String field, Instant now) {
        if (field == null || field.isBlank()) {
            return Optional.empty();
        }
        String value = field.trim();
        if (value.chars().allMatch(Character::isDigit)) {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
            } catch (NumberFormatException tooLarge) {
                return Optional.empty();
            }
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration wait = Duration.between(now, at);
            return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
        } catch (DateTimeParseException notADate) {
            return Optional.empty();
        }
    }
}
