package io.stagedoor.admission;

import java.time.Duration;
import java.util.List;

/**
 * Every error and log message of the admission module, so wording lives in one place and tests assert
 * against it rather than against copied strings.
 */
public final class AdmissionMessages {

    private AdmissionMessages() {
    }

    /** How a limit is declared, for the messages that refuse a declaration. */
    public static final String LIMIT_GRAMMAR = "capacity,refillTokens,period [per KEY] [on ROUTE[,ROUTE]] "
            + "[cost N|seats] [redis-down fail-open|local-bucket] [shadow]";

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

    public static String badLimitDeclaration(String name, String text, String why) {
        return "limit '" + name + "': " + why + " in '" + text + "'; a limit is declared as '" + LIMIT_GRAMMAR + "'";
    }

    /** Why a limit's bucket does not read: its shape. */
    public static final String LIMIT_BUCKET_SHAPE = "the bucket is capacity,refillTokens,period";
    /** Why a limit's bucket does not read: its numbers or its period. */
    public static final String LIMIT_BUCKET_NUMBERS = "the bucket is whole numbers and an ISO-8601 period";
    /** Why a new limit's declaration is refused when it names no key or no route. */
    public static final String NEW_LIMIT_NEEDS_KEY_AND_ROUTES = "a new limit names its key (per) and routes (on)";

    public static String limitWordWithoutValue(String word) {
        return "'" + word + "' without a value";
    }

    /** A declaration's word that names nothing known: "no key 'seat'", "no route 'stage'", "no word 'loudly'". */
    public static String noSuch(String what, String value) {
        return "no " + what + " '" + value + "'";
    }

    public static String badLimitCost(String value) {
        return "a cost is a whole number of tokens or 'seats', not '" + value + "'";
    }

    public static String limitKeyNotOnRoute(String name, String key, String route) {
        return "limit '" + name + "': a request on " + route + " has no " + key + " to key on";
    }

    public static String perSeatCostNotOne(long tokens) {
        return "a cost per seat is one token per seat, not " + tokens;
    }

    public static String seatCostOffHolds(String name) {
        return "limit '" + name + "': only holds have seats to cost";
    }

    public static String unreadableDefaultLimits(String resource) {
        return "cannot read the shipped limits " + resource;
    }

    /** A line of the shipped limits that declares no {@code limit.*} key. */
    public static String unreadableDefaultLimitsLine(String resource, String line) {
        return unreadableDefaultLimits(resource) + ": " + line;
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

    public static String clusterSlotsNotCovered(String masked, int served, int slots, String state) {
        return "the Redis Cluster at " + masked + " serves " + served + " of its " + slots + " slots (cluster_state:"
                + state + "): every decision on a key in a missing slot would fail open, so this process does not "
                + "start; assign every slot to a live primary (redis-cli --cluster check / fix) and start again";
    }

    public static String redisCallTimedOut(String user, Duration timeout) {
        return "Redis did not answer the " + user + " within " + timeout;
    }

    public static String breakerTransition(String user, String from, String to) {
        return "Redis circuit breaker of the " + user + " " + from + " -> " + to + ": "
                + (to.equals("CLOSED") ? "calls go to Redis again" : to.equals("HALF_OPEN")
                ? "probing Redis with a few calls" : "calls use the fallback");
    }

    public static String missingScript(String resource) {
        return "missing resource " + resource;
    }

    // concurrency bounds

    public static String boundBelowOne(String name, int limit) {
        return "a bound needs a limit of at least 1, " + name + " has " + limit;
    }

    // waiting room

    public static String rateNotPositive(double rate) {
        return "an entry rate must be a positive number of buyers per second, was " + rate;
    }

    /** A waiting-room setting below 1, worded "must be positive" where {@link #notPositive} says "at least 1". */
    public static String roomSettingNotPositive(String what, long value) {
        return what + " must be positive, was " + value;
    }

    public static String noPassSecret() {
        return "a waiting room needs a pass secret";
    }

    public static String negativeCharge(long charge) {
        return "charge must not be negative: " + charge;
    }

    /** A queue ticket whose pass disagrees with its standing: a pass without admission or admission without one. */
    public static String passDisagreesWithStanding() {
        return "a waiting ticket has no pass and an admitted one has one";
    }

    public static String malformedReply(List<Object> reply) {
        return "the waiting-room script answered something unexpected: " + reply;
    }

    /** The waiting room's Redis call outlasted its deadline. */
    public static String timedOut(long millis) {
        return "the waiting room's Redis call took longer than " + millis + " ms";
    }

    /** The log line of the waiting room's Redis breaker changing state. */
    public static String roomBreakerTransition(String from, String to) {
        return "waiting room: Redis circuit " + from + " -> " + to
                + (to.equals("CLOSED") ? "; shared queue in use again" : "; joins and admissions use this instance's share");
    }

    /** Checking a pass's session got no answer: neither the shared store nor this instance's own queue answered. */
    public static String unknownTicketKind(String text) {
        return "a waiting-room ticket is signed or stored, not '" + text + "'";
    }

    public static String tooManyJoinsWaiting(String eventId, int most) {
        return "already " + most + " joins to the waiting room of event " + eventId + " wait for their places here";
    }

    public static String sessionUnanswered(Exception cause) {
        return "the waiting room could not say whether the pass's session is on: " + cause;
    }

    /** Headroom marks where a low mark does not lie below its high mark. */
    public static String lowMarkNotBelowHighMark() {
        return "every low mark must lie below its high mark";
    }

    /** Headroom marks whose step down grows the rate or whose step up shrinks it. */
    public static String stepsMoveTheWrongWay() {
        return "a step down must shrink the rate and a step up grow it";
    }

    /** A JDK algorithm the waiting room needs is missing. */
    public static String laneSharesMismatch(int lanes, int shares) {
        return "a room's lanes need one share each and at least one lane: " + lanes + " lanes, " + shares + " shares";
    }

    public static String laneShareNotPositive(String lane, double share) {
        return "the share of lane " + lane + " must be positive, was " + share;
    }

    public static String presaleSeedTooShort(int bytes) {
        return "a presale lottery's seed must be at least 16 bytes, was " + bytes;
    }

    public static String presaleCodesNegative(int codes) {
        return "a presale lottery's code count must be 0 or more, was " + codes;
    }

    public static String spentPuzzlesFull(int capacity) {
        return "the " + capacity + " spent join puzzles this instance remembers are all still in their lifetime";
    }

    public static String algorithmUnavailable(String algorithm) {
        return algorithm + " is unavailable";
    }
}
