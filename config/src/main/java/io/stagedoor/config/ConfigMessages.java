package io.stagedoor.config;

import java.nio.file.Path;

/**
 * Every message the configuration writes into an exception, in one place so wording lives here and tests
 * assert against it rather than against copied strings.
 */
public final class ConfigMessages {

    private ConfigMessages() {
    }

    /** A setting whose value its setter refused; {@code reason} is the setter's own message. */
    public static String badValue(String key, StagedoorConfig.Source source, String value, String reason) {
        return "bad value for " + key + " (" + source + "): '" + value + "': " + reason;
    }

    /** A secret given both as itself and as a file. */
    public static String secretGivenTwice(String secret, String file) {
        return "give " + secret + " or " + file + ", not both";
    }

    public static String flagNotKeyValue(String flag) {
        return "--set takes key=value, got '" + flag + "'";
    }

    public static String unknownSetting(String key) {
        return "unknown setting '" + key + "'; ./stagedoor config lists them all";
    }

    public static String cannotReadConfiguration(Path file) {
        return "cannot read configuration " + file;
    }

    public static String seatsPerHoldAboveLimit(int seats, String limit, long capacity) {
        return "ingress.max-seats-per-hold is " + seats + " but limit '" + limit + "' holds " + capacity
                + " seats: a hold that large could never be admitted; lower the one or raise the other";
    }

    public static String emptySecretFile(String path) {
        return "the secret file " + path + " is empty";
    }

    public static String cannotReadSecretFile(String path) {
        return "cannot read the secret file " + path;
    }

    public static String reloadRefused(Path file, String why) {
        return file + " changed but does not read; the limits in force stay: " + why;
    }

    public static String limitsReloaded(Path file, java.util.List<String> keys) {
        return file + " changed: limits applied from the next request on: " + String.join(", ", keys);
    }

    public static String settingsAwaitRestart(Path file, java.util.List<String> keys) {
        return file + " changed: these settings take effect at the next start: " + String.join(", ", keys);
    }
}
