package io.stagedoor.cli.chaos;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine;

/**
 * Reads {@code --duration}: {@code 90s}, {@code 2m}, {@code 500ms} or ISO-8601 ({@code PT90S}). (The demo has the
 * same converter, package-private there.)
 */
final class DurationFlag implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (text.startsWith("pt")) {
                return Duration.parse(value.trim());
            }
            if (text.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
            }
            long amount = Long.parseLong(text.substring(0, text.length() - 1));
            return switch (text.charAt(text.length() - 1)) {
                case 's' -> Duration.ofSeconds(amount);
                case 'm' -> Duration.ofMinutes(amount);
                case 'h' -> Duration.ofHours(amount);
                default -> throw new CommandLine.TypeConversionException("not a duration: " + value);
            };
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new CommandLine.TypeConversionException("not a duration: " + value + " (try 90s, 2m or PT90S)");
        }
    }
}
