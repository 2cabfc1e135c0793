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

    // Messages of the harness's other exceptions: settings it refuses, parts that fail, waits that run out.

    public static String interruptedWhileWritingEvent(String eventId) {
        return "interrupted while writing event " + eventId;
    }

    public static String cannotWriteEvent(String eventId, Exception failure) {
        return "cannot write event " + eventId + ": " + failure.getMessage();
    }

    public static String chaosClusterRunsOnThreeBrokers() {
        return "this chaos cluster runs on three brokers, not one broker process";
    }

    public static String chaosClusterRunsOnOneBroker() {
        return "this chaos cluster runs on one broker process, not three brokers";
    }

    public static String ledgerUnreadable() {
        return "cannot read the gateway's ledger";
    }

    public static String unsupportedBrokerCount(int brokers) {
        return "a chaos cluster runs on 1 or 3 brokers, not " + brokers;
    }

    public static String noTwoConsecutiveFreePorts() {
        return "no two consecutive free ports";
    }

    public static String chaosCountsOutOfRange() {
        return "rate, buyers and partitions must be positive, badRequests not negative";
    }

    public static String negativeDurations() {
        return "durations must not be negative";
    }

    public static String cannotListen(int port) {
        return "cannot listen on " + port;
    }

    /** A fault scenario asked for by a name none has; {@code names} are those there are. */
    public static String noSuchScenario(String name, List<String> names) {
        return "no scenario " + name + "; one of " + names + " or all";
    }

    public static String cannotStartPart(String name) {
        return "cannot start " + name;
    }

    public static String partExitedBeforeReady(String name, int exitValue, java.nio.file.Path log) {
        return name + " exited with " + exitValue + " before it was ready; see " + log;
    }

    public static String partNotReady(String name, Duration within, java.nio.file.Path log) {
        return name + " was not ready within " + within + "; see " + log;
    }

    public static String interruptedWhileAPartStarted() {
        return "interrupted while a part started";
    }

    public static String visitsStillUnderWay() {
        return "visits still under way";
    }

    public static String gaveUpWaiting(String what, Duration timeout) {
        return "gave up waiting for " + what + " after " + timeout;
    }

    public static String interrupted() {
        return "interrupted";
    }

    public static String outputEnded() {
        return "the output ended";
    }

    public static String farmSettingsOutOfRange() {
        return "the farm demo needs at least one fan and one account, a fan-club share between 0 and 1, a codes share"
                + " above 0 up to 1, a puzzle of 1 to 24 bits, a positive entry rate, seats per hold and patience";
    }

    public static String farmStepFailed(String step, int status, String body) {
        return "the farm demo's " + step + " was answered " + status + ": " + body;
    }

    public static String officeOutOfRange(int buyers, int office) {
        return "office must be between 0 and buyers (" + buyers + "), was " + office;
    }

    /** A setting named {@code name} below 0; {@code value} as it was given. */
    public static String negative(String name, Object value) {
        return name + " must not be negative, was " + value;
    }

    public static String entryRateNotPositive(double entryRate) {
        return "entryRate must be positive, was " + entryRate;
    }

    public static String belowOne(String name, int value) {
        return name + " must be at least 1, was " + value;
    }

    public static String shareOutOfRange(String name, double value) {
        return name + " must be between 0 and 1, was " + value;
    }

    public static String eventDefinitionNotServed(URI eventUri, Duration within) {
        return "the ingress did not serve the new definition of " + eventUri + " within " + within.toSeconds() + " s";
    }

    public static String scriptFailed(Throwable cause) {
        return "the script failed: " + cause;
    }

    public static String callersBelowOne(int callers) {
        return "callers must be at least 1, not " + callers;
    }

    public static String maxInFlightBelowOne(int maxInFlight) {
        return "maxInFlight must be at least 1, not " + maxInFlight;
    }

    public static String badPeriodNanos(double periodNanos) {
        return "periodNanos must be finite and at least 0, not " + periodNanos;
    }

    public static String rateNotPositive(double rate) {
        return "rate must be above 0, not " + rate;
    }
}
