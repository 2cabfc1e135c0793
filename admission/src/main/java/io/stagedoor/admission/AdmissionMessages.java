package io.stagedoor.admission;

import java.time.Duration;

/**
 * Every error and log message of the admission module, so wording lives in one place and tests assert
 * against it rather than against copied strings.
 */
public final class AdmissionMessages {

    private AdmissionMessages() {
    }

    public static String blankName(String what) {
        return what + " must not be blank";
    }

    public static String badLimitName(String name) {
        return "limit name '" + name + "' must be lowercase letters, digits and dashes";
    }

    public static String notPositive(String what, long value) {
        return what + " must be at least 1, was " + value;
    }

    public static String periodNotWholeMillis(Duration period) {
        return "refill period must be a positive whole number of milliseconds, was " + period;
    }

    public static String bucketTooLarge(String name, long capacity, long periodMillis) {
        return "limit '" + name + "': capacity " + capacity + " x refill period " + periodMillis
                + " ms exceeds the exact integer range of the bucket arithmetic";
    }

    public static String costExceedsCapacity(String key, long cost, long capacity) {
        return "cost " + cost + " on '" + key + "' can never be admitted: the bucket holds at most " + capacity;
    }

    public static String duplicateLimitName(String name) {
        return "two limits share the name '" + name + "'";
    }

    public static String unknownLimit(String name) {
        return "no limit is named '" + name + "'";
    }

    public static String noChecks() {
        return "a decision needs at least one limit check";
    }

    public static String duplicateCheck(String limit, String subject) {
        return "limit '" + limit + "' is checked twice for '" + subject + "' in one decision";
    }

    public static String timeoutOutOfRange(Duration timeout) {
        return "Redis command timeout must be between 1 ms and 1 s, was " + timeout;
    }

    public static String percentOutOfRange(String what, float value) {
        return what + " must be in (0, 100], was " + value;
    }

    public static String malformedScriptReply(Object reply) {
        return "unexpected reply from the bucket script: " + reply;
    }

    public static String tooManyWaitingTakes(int bound) {
        return "more than " + bound + " bucket takes waiting for Redis";
    }

    public static String storeTimedOut(Duration timeout) {
        return "bucket store did not answer within " + timeout;
    }

    public static String processOverloaded(Duration timeout) {
        return "this process was too overloaded to hear Redis within " + timeout + " while Redis answered";
    }

    public static String breakerTransition(String from, String to) {
        String now = switch (to) {
            case "CLOSED" -> "decisions come from Redis again";
            case "HALF_OPEN" -> "probing Redis with a few decisions";
            default -> "decisions use each limit's fallback";
        };
        return "Redis circuit breaker " + from + " -> " + to + ": " + now;
    }

    public static String redisEndpointNeedsOne() {
        return "a Redis endpoint is either one URI (redis://, rediss://, redis-sentinel://) or the nodes of a cluster,"
                + " not both and not neither";
    }

    public static String badRedisUri(String masked, String reason) {
        return "not a Redis URI: " + masked + " (" + reason + ")";
    }

    public static String badClusterNode(String masked) {
        return "a Redis Cluster node is host:port or a redis:// or rediss:// URI, was " + masked;
    }

    public static String redisRefusedCredentials(String masked) {
        return "Redis at " + masked + " refused the user name or password (check the ACL user and its password)";
    }

    public static String redisUnreachableAtStart(String masked, String reason) {
        return "cannot connect to Redis at " + masked + ": " + reason;
    }

    public static String redisCallTimedOut(String user, Duration timeout) {
        return "Redis did not answer the " + user + " within " + timeout;
    }

    public static String breakerTransition(String user, String from, String to) {
        return "Redis circuit breaker of the " + user + " " + from + " -> " + to + ": "
                + (to.equals("CLOSED") ? "calls go to Redis again" : to.equals("HALF_OPEN")
                ? "probing Redis with a few calls" : "calls use the fallback");
    }
}
