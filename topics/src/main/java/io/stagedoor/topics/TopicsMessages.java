package io.stagedoor.topics;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Every message the topics module writes into an exception, in one place so wording lives here and tests
 * assert against it rather than against copied strings.
 */
public final class TopicsMessages {

    private TopicsMessages() {
    }

    // topic settings and names

    public static String partitionsBelowOne(int partitions) {
        return "partitions must be at least 1, was " + partitions;
    }

    public static String replicationFactorBelowOne(short replicationFactor) {
        return "replicationFactor must be at least 1, was " + replicationFactor;
    }

    public static String retentionNotPositive(Duration retention) {
        return "retention must be positive, was " + retention;
    }

    public static String paymentPartitionsBelowOne(int paymentPartitions) {
        return "paymentPartitions must be at least 1, was " + paymentPartitions;
    }

    /** A min.insync.replicas below 1 or above the replication factor, which no write could meet. */
    public static String minInsyncReplicasOutOfRange(int minInsyncReplicas, short replicationFactor) {
        return "minInsyncReplicas must be between 1 and the replication factor " + replicationFactor + ", was "
                + minInsyncReplicas;
    }

    public static String badNamespace(String namespace) {
        return "a topic namespace may hold only letters, digits, '.', '_' and '-': " + namespace;
    }

    // creating topics

    public static String interruptedCreatingTopics() {
        return "interrupted while creating topics";
    }

    public static String cannotListTopics(String reason) {
        return "cannot list topics: " + reason;
    }

    public static String cannotCreateTopic(String reason) {
        return "cannot create topic: " + reason;
    }

    public static String topicCreationTimedOut(long timeoutMillis) {
        return "topic creation timed out after " + timeoutMillis + " ms";
    }

    // records

    public static String entryRateNotPositive(double entryRatePerSecond) {
        return "entryRatePerSecond must be positive, was " + entryRatePerSecond;
    }

    public static String passLifetimeNotPositive(Duration passLifetime) {
        return "passLifetime must be positive, was " + passLifetime;
    }

    public static String negativePrice(long priceCents) {
        return "priceCents must not be negative, was " + priceCents;
    }

    public static String maxSeatsPerBuyerBelowOne(int maxSeatsPerBuyer) {
        return "maxSeatsPerBuyer must be at least 1, was " + maxSeatsPerBuyer;
    }

    public static String negativeDecisionCount(long count) {
        return "an admission record stands for no negative number of decisions: " + count;
    }

    /** A sale whose tickets do not pair one to one with its seats. */
    public static String ticketsNotOnePerSeat(int seats, int tickets) {
        return "a sale needs one ticket per seat: " + seats + " seats, " + tickets + " tickets";
    }

    public static String correlationSecretTooShort(int bytes) {
        return "the correlation id secret needs at least 32 bytes, has " + bytes;
    }

    public static String laneOutOfRange(int lane, int max) {
        return "a results lane is between 0 and " + max + ", was " + lane;
    }

    public static String instanceIndexOutOfRange(int index, int count) {
        return "the instance index is between 0 and the instance count less one (" + (count - 1) + "), was " + index;
    }

    // JSON

    public static String cannotWriteJson(Class<?> type) {
        return "cannot write " + type.getSimpleName() + " as JSON";
    }

    public static String cannotReadJson(Class<?> type) {
        return "cannot read " + type.getSimpleName() + " from JSON";
    }

    /** A record on {@code topic} that does not decode as {@code type}. */
    public static String unreadableRecord(Class<?> type, String topic) {
        return "unreadable " + type.getSimpleName() + " on " + topic;
    }

    // connection

    public static String noBootstrap() {
        return "Kafka bootstrap servers must not be blank";
    }

    public static String unreadableFile(Path file, Exception cause) {
        return "cannot read the Kafka client properties " + file + ": " + cause.getMessage();
    }

    /**
     * The cluster answered but refused the client's TLS handshake or SASL credentials.
     *
     * @param securityProtocol the client's {@code security.protocol}; {@code saslMechanism} is named when it is SASL
     */
    public static String authenticationFailed(String bootstrapServers, String securityProtocol, String saslMechanism,
                                              String detail) {
        return "Kafka at " + bootstrapServers + " refused to authenticate the client ("
                + describe(securityProtocol, saslMechanism) + "): " + detail
                + "; check the credentials in the Kafka client properties (kafka.client-config)";
    }

    /** The cluster did not answer within the deadline, which is also how a protocol mismatch shows. */
    public static String noAnswer(String bootstrapServers, String securityProtocol, String saslMechanism,
                                  Duration deadline) {
        return "Kafka at " + bootstrapServers + " did not answer within " + deadline.toSeconds()
                + " s (" + describe(securityProtocol, saslMechanism) + "); check the bootstrap servers and that the"
                + " listener speaks " + securityProtocol;
    }

    /** The start check failed for another reason than refused credentials or silence. */
    public static String checkFailed(String bootstrapServers, String securityProtocol, String saslMechanism,
                                     Throwable cause) {
        return "Kafka at " + bootstrapServers + " (" + describe(securityProtocol, saslMechanism)
                + ") failed the start check: " + cause;
    }

    private static String describe(String securityProtocol, String saslMechanism) {
        return securityProtocol.startsWith("SASL") ? "listener " + securityProtocol + ", mechanism " + saslMechanism
                : "listener " + securityProtocol;
    }

    // replay

    public static String rangeBackwards(String topic, Instant from, Instant to) {
        return "the range of " + topic + " ends (" + to + ") before it starts (" + from + ")";
    }

    /** Reading a range made no progress for longer than the stall timeout. */
    public static String stalled(String topic, Duration idle, long remaining) {
        return "reading " + topic + " made no progress for " + idle.toMillis() + " ms with " + remaining
                + " offsets still to read";
    }

    public static String negative(String setting, Duration value) {
        return setting + " must not be negative, was " + value;
    }

    public static String notPositive(String setting, long value) {
        return setting + " must be positive, was " + value;
    }

    public static String maxActiveNegative(int maxActive) {
        return "waitingRoom.maxActive must be 0 (no cap) or a positive number of buyers, was " + maxActive;
    }

    public static String unknownQueueing(String queueing, java.util.List<String> methods) {
        return "waitingRoom.queueing must be one of " + String.join(", ", methods) + ", was " + queueing;
    }

    public static String preQueueAfterOpening(java.time.Instant preQueueAt, java.time.Instant opensAt) {
        return "waitingRoom.preQueueAt (" + preQueueAt + ") must not be after opensAt (" + opensAt + ")";
    }

    public static String loopFloorNotPositive(double floor) {
        return "the entry loop's floor must be a positive number of buyers per second, was " + floor;
    }

    public static String loopCeilingBelowFloor(double floor, double ceiling) {
        return "the entry loop's ceiling must be at least its floor (" + floor + "), was " + ceiling;
    }

    public static String puzzleDifficultyOutOfRange(String field, int bits) {
        return "the join puzzle's " + field + " must be from 1 to 32 bits (and maxDifficulty at least difficulty), was "
                + bits;
    }

    public static String puzzleLifetimeTooShort(java.time.Duration lifetime, java.time.Duration shortest) {
        return "the join puzzle's lifetime must be at least " + shortest + ", was " + lifetime;
    }

    public static String laneNameBad(String name) {
        return "a lane's name must be 1 to 32 lower-case letters, digits or hyphens, was " + name;
    }

    public static String laneShareNotPositive(String name, double share) {
        return "lane " + name + "'s share must be positive, was " + share;
    }

    public static String lanesNeedOneForEveryoneElse(long count) {
        return "a room's lanes must have exactly one lane with no rule, for everyone else; found " + count;
    }

    public static String tooManyLanes(int lanes, int most) {
        return "a room has at most " + most + " lanes, was given " + lanes;
    }

    public static String laneNamesRepeat() {
        return "a room's lanes must have different names";
    }

    public static String lanesWithEntryLoop() {
        return "a room with lanes takes its rate from its settings: lanes and an entry loop do not go together";
    }

    public static String eventIdHasLaneMark(String eventId) {
        return "an event id may not contain '~' (it names a lane of the event's room), was " + eventId;
    }

    public static String presaleTimesMissing() {
        return "a presale needs registerFrom, registerUntil, drawAt and codesUsedBy";
    }

    public static String presaleTimesOutOfOrder() {
        return "a presale's times must run registerFrom < registerUntil <= drawAt < codesUsedBy < until";
    }

    public static String presaleCodesNotPositive(int codes) {
        return "a presale's codes must be at least 1 (leave it out for every registrant), was " + codes;
    }

    public static String parkingCrowdTooSmall(int most) {
        return "the parked lane's crowdMost must be at least 2 (one household is never a crowd), was " + most;
    }

    public static String parkingWindowOutOfRange(java.time.Duration window, java.time.Duration shortest,
                                                 java.time.Duration longest) {
        return "the parked lane's crowdWindow must be from " + shortest + " to " + longest + ", was " + window;
    }

    public static String puzzleRaiseNegative(double perSecond) {
        return "the join puzzle's raiseAbovePerSecond must be 0 (never raised) or positive, was " + perSecond;
    }

    /** A JDK algorithm every JDK has is missing all the same. */
    public static String algorithmInEveryJdk(String algorithm) {
        return algorithm + " is part of every JDK";
    }
}
