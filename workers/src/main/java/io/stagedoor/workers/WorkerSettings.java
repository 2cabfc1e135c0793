package io.stagedoor.workers;

import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.connection.KafkaConnection;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Everything a worker process is configured with. Every default is written once, in {@link #defaults()}.
 *
 * @param bootstrapServers  Kafka bootstrap servers (default {@code 127.0.0.1:9092})
 * @param kafkaClient       Kafka client properties every client of the worker adds, TLS and SASL among them
 *                          (default none: PLAINTEXT); see {@link KafkaConnection}
 * @param topics            the topic names, with their namespace (default: no namespace)
 * @param applicationId     the inventory's Kafka Streams application id (default {@code stagedoor-inventory})
 * @param shareGroupId      the checkout pool's share group (default {@code stagedoor-checkout})
 * @param holdTtl           how long a hold lasts (default 10 minutes)
 * @param expiryInterval    how often the inventory looks for expired holds (default 1 second)
 * @param poolSize          payment calls one checkout pool instance runs at once (default 20)
 * @param paymentTimeout    how long one payment call may take before it counts as timed out (default 5 seconds)
 * @param recordLock        the share group's acquisition lock, which a lane renews every third of it while its payment
 *                          runs, so it may be shorter than a payment (default 30 seconds,
 *                          Kafka's own default; a broker accepts 15 to 60 seconds unless configured otherwise)
 * @param maxDeliveries     the share group's delivery limit: a payment request delivered this often without being
 *                          accepted is dead-lettered by the broker (default 5, Kafka's own default; a broker accepts
 *                          2 to 10 unless configured otherwise)
 * @param drainTimeout      how long {@code close()} waits for in-flight payments before releasing them (default 10 s)
 * @param stateDir          the inventory's local state (default {@code java.io.tmpdir/stagedoor-streams})
 * @param streamThreads     Kafka Streams threads of the inventory (default 1)
 * @param commitInterval    the inventory's exactly-once commit interval (default 30 ms). A result becomes visible
 *                          to read_committed readers only at the commit, and a commit takes time of its own, so
 *                          commits come further apart than the interval; shorter intervals bought nothing end to
 *                          end (the measurements are in bench/RESULTS.md, e2e)
 * @param roles             what this process runs (default both)
 * @param gatewayUrl        the payment gateway's base URL, or null for the in-process simulated gateway (default null)
 * @param lagInterval       how often the worker asks the cluster for its groups' lag (default 5 seconds)
 * @param checkoutIdRetention how long the inventory remembers a checkout that asked for a payment: the hold its key
 *                          paid for, so the key is refused on any other hold (default 24 hours). Keep it at least as
 *                          long as the payment gateway remembers idempotency keys (Stripe keeps them 24 hours; the
 *                          simulated gateway for the life of its process): while the gateway would answer a repeated
 *                          key with its first outcome, the inventory never sends that key for another purchase.
 *                          Costs the inventory one entry per paid checkout of the retention, in memory.
 */
public record WorkerSettings(String bootstrapServers, Map<String, String> kafkaClient, TopicNames topics, String applicationId, String shareGroupId,
                             Duration holdTtl, Duration expiryInterval, int poolSize, Duration paymentTimeout,
                             Duration recordLock, int maxDeliveries, Duration drainTimeout, Path stateDir,
                             int streamThreads, Duration commitInterval, Set<WorkerRole> roles, URI gatewayUrl,
                             Duration lagInterval, Duration checkoutIdRetention) {

    public WorkerSettings {
        requireText(bootstrapServers, "bootstrapServers");
        kafkaClient = Map.copyOf(kafkaClient);
        Objects.requireNonNull(topics, "topics");
        requireText(applicationId, "applicationId");
        requireText(shareGroupId, "shareGroupId");
        requirePositive(holdTtl, "holdTtl");
        requirePositive(expiryInterval, "expiryInterval");
        requirePositive(paymentTimeout, "paymentTimeout");
        requirePositive(recordLock, "recordLock");
        requirePositive(drainTimeout, "drainTimeout");
        requirePositive(commitInterval, "commitInterval");
        requirePositive(lagInterval, "lagInterval");
        requirePositive(checkoutIdRetention, "checkoutIdRetention");
        Objects.requireNonNull(stateDir, "stateDir");
        if (poolSize < 1) {
            throw new IllegalArgumentException(WorkersMessages.poolSizeBelowOne(poolSize));
        }
        if (maxDeliveries < 2) {
            throw new IllegalArgumentException(WorkersMessages.maxDeliveriesBelowTwo(maxDeliveries));
        }
        if (streamThreads < 1) {
            throw new IllegalArgumentException(WorkersMessages.streamThreadsBelowOne(streamThreads));
        }
        if (roles == null || roles.isEmpty()) {
            throw new IllegalArgumentException(WorkersMessages.noRoles());
        }
        roles = Set.copyOf(roles);
    }

    /**
     * The brokers, topics, groups and roles, and the Kafka client properties by key alone: their values hold the
     * SASL JAAS line and the store passwords (these settings can reach a log or an error).
     */
    @Override
    public String toString() {
        return "WorkerSettings[kafka " + bootstrapServers + ", client properties "
                + new java.util.TreeSet<>(kafkaClient.keySet()) + ", topics " + topics + ", application " + applicationId
                + ", share group " + shareGroupId + ", roles " + roles + ", pool " + poolSize + ", gateway "
                + gatewayUrl + "]";
    }

    /** A worker running both roles against {@code 127.0.0.1:9092} with the production topic names. */
    public static WorkerSettings defaults() {
        return new WorkerSettings("127.0.0.1:9092", Map.of(), TopicNames.defaults(), "stagedoor-inventory", "stagedoor-checkout",
                Duration.ofMinutes(10), Duration.ofSeconds(1), 20, Duration.ofSeconds(5), Duration.ofSeconds(30), 5,
                Duration.ofSeconds(10), Path.of(System.getProperty("java.io.tmpdir"), "stagedoor-streams"), 1,
                Duration.ofMillis(30), EnumSet.allOf(WorkerRole.class), null, Duration.ofSeconds(5), Duration.ofHours(24));
    }

    /** The same settings against other bootstrap servers. */
    public WorkerSettings withKafka(String servers) {
        return with(draft -> draft.bootstrapServers = servers);
    }

    /** The same settings with these Kafka client properties (TLS, SASL, …) for every client. */
    public WorkerSettings withKafkaClient(Map<String, String> properties) {
        return with(draft -> draft.kafkaClient = properties);
    }

    /** The cluster and the client properties every Kafka client of the worker starts from. */
    public KafkaConnection kafka() {
        return new KafkaConnection(bootstrapServers, kafkaClient);
    }

    /**
     * The same settings on namespaced topics; the Streams application id and the share group id get the same
     * prefix, so two namespaces on one broker never share a group.
     */
    public WorkerSettings withNamespace(String namespace) {
        String prefix = namespace.isEmpty() ? "" : namespace + ".";
        return with(draft -> {
            draft.topics = new TopicNames(namespace);
            draft.applicationId = draft.topics.inventoryGroup();
            draft.shareGroupId = prefix + "stagedoor-checkout";
        });
    }

    /** The same settings with another hold lifetime. */
    public WorkerSettings withHoldTtl(Duration ttl) {
        return with(draft -> draft.holdTtl = ttl);
    }

    /** The same settings with another pool size, payment timeout and record lock. */
    public WorkerSettings withPayments(int size, Duration timeout, Duration lock) {
        return with(draft -> {
            draft.poolSize = size;
            draft.paymentTimeout = timeout;
            draft.recordLock = lock;
        });
    }

    /** The same settings with another delivery limit for the share group. */
    public WorkerSettings withMaxDeliveries(int deliveries) {
        return with(draft -> draft.maxDeliveries = deliveries);
    }

    /** The same settings with another state directory. */
    public WorkerSettings withStateDir(Path dir) {
        return with(draft -> draft.stateDir = dir);
    }

    /** The same settings running only these roles. */
    public WorkerSettings withRoles(Set<WorkerRole> only) {
        return with(draft -> draft.roles = only);
    }

    /** The same settings calling the payment gateway at {@code url} (null: the simulated gateway in process). */
    public WorkerSettings withGatewayUrl(URI url) {
        return with(draft -> draft.gatewayUrl = url);
    }

    /** The same settings with another exactly-once commit interval for the inventory. */
    public WorkerSettings withCommitInterval(Duration interval) {
        return with(draft -> draft.commitInterval = interval);
    }

    /** The same settings asking for the groups' lag every {@code interval}. */
    public WorkerSettings withLagInterval(Duration interval) {
        return with(draft -> draft.lagInterval = interval);
    }

    /** The same settings remembering paid checkout keys for {@code retention}. */
    public WorkerSettings withCheckoutIdRetention(Duration retention) {
        return with(draft -> draft.checkoutIdRetention = retention);
    }

    /** These settings with {@code change} made to a copy, validated as any new settings are. */
    private WorkerSettings with(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.settings();
    }

    /** A mutable copy of the settings, for the withers alone: each changes what it names and nothing else. */
    private static final class Draft {
        private String bootstrapServers;
        private Map<String, String> kafkaClient;
        private TopicNames topics;
        private String applicationId;
        private String shareGroupId;
        private Duration holdTtl;
        private Duration expiryInterval;
        private int poolSize;
        private Duration paymentTimeout;
        private Duration recordLock;
        private int maxDeliveries;
        private Duration drainTimeout;
        private Path stateDir;
        private int streamThreads;
        private Duration commitInterval;
        private Set<WorkerRole> roles;
        private URI gatewayUrl;
        private Duration lagInterval;
        private Duration checkoutIdRetention;

        Draft(WorkerSettings from) {
            bootstrapServers = from.bootstrapServers;
            kafkaClient = from.kafkaClient;
            topics = from.topics;
            applicationId = from.applicationId;
            shareGroupId = from.shareGroupId;
            holdTtl = from.holdTtl;
            expiryInterval = from.expiryInterval;
            poolSize = from.poolSize;
            paymentTimeout = from.paymentTimeout;
            recordLock = from.recordLock;
            maxDeliveries = from.maxDeliveries;
            drainTimeout = from.drainTimeout;
            stateDir = from.stateDir;
            streamThreads = from.streamThreads;
            commitInterval = from.commitInterval;
            roles = from.roles;
            gatewayUrl = from.gatewayUrl;
            lagInterval = from.lagInterval;
            checkoutIdRetention = from.checkoutIdRetention;
        }

        WorkerSettings settings() {
            return new WorkerSettings(bootstrapServers, kafkaClient, topics, applicationId, shareGroupId, holdTtl, expiryInterval,
                    poolSize, paymentTimeout, recordLock, maxDeliveries, drainTimeout, stateDir, streamThreads,
                    commitInterval, roles, gatewayUrl, lagInterval, checkoutIdRetention);
        }
    }

    /** Whether this process runs {@code role}. */
    public boolean runs(WorkerRole role) {
        return roles.contains(role);
    }

    private static void requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(WorkersMessages.blank(name));
        }
    }

    private static void requirePositive(Duration value, String name) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(WorkersMessages.notPositive(name, value));
        }
    }
}
