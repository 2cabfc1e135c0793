package io.stagedoor.cli;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine;

/** Reads a duration flag: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}, or ISO-8601 ({@code PT10S}). */
public final class DurationArgument implements CommandLine.ITypeConverter<Duration> {

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
                default -> throw new CommandLine.TypeConversionException(CliMessages.notADuration(value));
            };
        } catch (RuntimeException e) {
            if (e instanceof CommandLine.TypeConversionException) {
                throw e;
            }
            throw new CommandLine.TypeConversionException(CliMessages.notADuration(value));
        }
    }
}
