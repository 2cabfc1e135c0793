package io.stagedoor.workers;

import java.time.Duration;
import java.util.EnumSet;

/**
 * Every message the workers write into an exception, in one place so wording lives here and tests assert
 * against it rather than against copied strings.
 */
public final class WorkersMessages {

    private WorkersMessages() {
    }

    // settings and the command line

    public static String unknownRole(String role) {
        return "unknown worker role '" + role + "': expected inventory, checkout or both";
    }

    public static String noRoles() {
        return "roles must name at least one of " + EnumSet.allOf(WorkerRole.class);
    }

    public static String blank(String setting) {
        return setting + " must not be blank";
    }

    public static String notPositive(String setting, Duration value) {
        return setting + " must be positive, was " + value;
    }

    public static String poolSizeBelowOne(int poolSize) {
        return "poolSize must be at least 1, was " + poolSize;
    }

    public static String maxDeliveriesBelowTwo(int maxDeliveries) {
        return "maxDeliveries must be at least 2 (a broker's least), was " + maxDeliveries;
    }

    public static String streamThreadsBelowOne(int streamThreads) {
        return "streamThreads must be at least 1, was " + streamThreads;
    }

    public static String optionNeedsValue(String option) {
        return "option " + option + " needs a value";
    }

    public static String unknownOption(String option) {
        return "unknown option " + option;
    }

    // payments

    public static String negativeLatency(Duration latency) {
        return "latency must not be negative, was " + latency;
    }

    public static String negativeHang(Duration hangFor) {
        return "hangFor must not be negative, was " + hangFor;
    }

    /** Simulated decline and timeout rates that are negative or add up to more than every charge. */
    public static String badFailureShares(double declineRate, double timeoutRate) {
        return "declineRate and timeoutRate must be shares adding up to at most 1, were " + declineRate + " and "
                + timeoutRate;
    }

    /** The simulated gateway hung on a charge, as a real one does before a timeout. */
    public static String payrailDidNotAnswer(String idempotencyKey) {
        return "Payrail did not answer charge " + idempotencyKey;
    }

    public static String cannotStartPayrail(int port) {
        return "cannot start Payrail on port " + port;
    }

    /** The gateway itself answered that the charge timed out (HTTP 504 or 408). */
    public static String chargeTimedOut(String idempotencyKey) {
        return "gateway timed out charge " + idempotencyKey;
    }

    public static String chargeRefused(int status, String idempotencyKey) {
        return "gateway answered " + status + " to charge " + idempotencyKey;
    }

    public static String voidRefused(int status, String idempotencyKey) {
        return "gateway answered " + status + " to void " + idempotencyKey;
    }

    /** The HTTP request to the gateway timed out. */
    public static String noGatewayAnswer(Duration requestTimeout) {
        return "no answer from the gateway within " + requestTimeout;
    }

    // checkout

    public static String interruptedConfiguringShareGroup(String shareGroupId) {
        return "interrupted while configuring share group " + shareGroupId;
    }

    public static String cannotVoid(String correlationId, Exception cause) {
        return "cannot void payment " + correlationId + ": " + cause;
    }

    public static String cannotProduce(String topic, String reason) {
        return "cannot produce to " + topic + ": " + reason;
    }
}
