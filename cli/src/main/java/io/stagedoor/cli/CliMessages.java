package io.stagedoor.cli;

/**
 * Every message the command line writes into an exception, in one place so wording lives here and tests
 * assert against it rather than against copied strings.
 */
public final class CliMessages {

    private CliMessages() {
    }

    public static String notADuration(String value) {
        return "'" + value + "' is not a duration: write 500ms, 10s, 2m or PT10S";
    }

    public static String cannotServeMetrics(String bind, int port, String reason) {
        return "the metrics listener cannot listen on " + bind + ":" + port + " (" + reason + "): another process, "
                + "perhaps another stagedoor workers, may hold the port; choose a free one with --metrics-port (0 picks "
                + "one), or another address with --metrics-bind";
    }
}
