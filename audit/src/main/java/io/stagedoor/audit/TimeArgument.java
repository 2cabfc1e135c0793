package io.stagedoor.audit;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A point in time on the command line: {@code now}, an ISO-8601 instant ({@code 2026-11-30T19:00:00Z}), or a
 * duration back from now, either short ({@code 90s}, {@code 15m}, {@code 2h}, {@code 1d}, {@code 1h30m},
 * {@code 500ms}) or ISO ({@code PT15M}).
 */
public final class TimeArgument {

    private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    private TimeArgument() {
    }

    /** The instant {@code text} names, durations counted back from {@code now}. */
    public static Instant parse(String text, Instant now) {
        String value = text.trim();
        if (value.equalsIgnoreCase("now")) {
            return now;
        }
        try {
            if (value.toUpperCase(Locale.ROOT).startsWith("P")) {
                return now.minus(Duration.parse(value));
            }
            if (Character.isDigit(value.charAt(0)) && value.contains("T")) {
                return Instant.parse(value);
            }
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(AuditMessages.badTime(text), e);
        }
        return now.minus(shortDuration(value, text));
    }

    private static Duration shortDuration(String value, String text) {
        Matcher matcher = SHORT.matcher(value.toLowerCase(Locale.ROOT));
        Duration total = Duration.ZERO;
        int end = 0;
        while (matcher.find() && matcher.start() == end) {
            long amount = Long.parseLong(matcher.group(1));
            total = total.plus(switch (matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            });
            end = matcher.end();
        }
        if (end == 0 || end != value.length()) {
            throw new IllegalArgumentException(AuditMessages.badTime(text));
        }
        return total;
    }

    /** A duration option ({@code 30s}, {@code 15m}, {@code PT30S}). */
    public static Duration duration(String text) {
        String value = text.trim();
        try {
            if (value.toUpperCase(Locale.ROOT).startsWith("P")) {
                return Duration.parse(value);
            }
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(AuditMessages.badTime(text), e);
        }
        return shortDuration(value, text);
    }
}
