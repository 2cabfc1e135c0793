package io.stagedoor.harness;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** The harness's error messages that name a child process or a remote page: the one place they are written. */
public final class HarnessMessages {

    private HarnessMessages() {
    }

    /** The pipeline's JVM ended before it printed its ready line. */
    public static String pipelineExited(int exitCode, List<String> lastLines) {
        return "the pipeline's process exited with " + exitCode + " before it was ready" + tail(lastLines);
    }

    /** The pipeline's JVM printed no ready line in time. */
    public static String pipelineNotReady(Duration within, List<String> lastLines) {
        return "the pipeline's process was not ready within " + within.toSeconds() + " s" + tail(lastLines);
    }

    /** The pipeline's JVM could not be launched at all. */
    public static String pipelineNotLaunched(List<String> command) {
        return "cannot launch the pipeline's process: " + String.join(" ", command);
    }

    /** A ready line that does not say where the pipeline listens. */
    public static String unreadableReadyLine(String line) {
        return "cannot read the pipeline's ready line: " + line;
    }

    /** An argument of the pipeline's process that it does not know. */
    public static String unknownPipelineArgument(String argument) {
        return "unknown argument of the pipeline's process: " + argument;
    }

    /** The admin listener answered {@code /metrics} with another status than 200. */
    public static String metricsAnswered(URI uri, int status) {
        return "GET " + uri + " answered " + status;
    }

    private static String tail(List<String> lines) {
        return lines.isEmpty() ? "; it printed nothing"
                : "; its last " + lines.size() + " lines:" + System.lineSeparator() + "  "
                + String.join(System.lineSeparator() + "  ", lines);
    }
}
