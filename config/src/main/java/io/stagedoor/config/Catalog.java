package io.stagedoor.config;

import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.admission.waitingroom.RoomTickets;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.connection.KafkaClientProperties;
import io.stagedoor.workers.WorkerSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Every setting but the limits, in the order {@code stagedoor.properties} lists them (the limits follow, one
 * {@code limits.<name>} key each, as {@link io.stagedoor.admission.limit.Limits} declares them). Defaults are read
 * from the code.
 */
final class Catalog {

    private static final IngressSettings INGRESS = IngressSettings.builder("127.0.0.1:9092").build();
    private static final WorkerSettings WORKERS = WorkerSettings.defaults();
    private static final TopicSettings TOPICS = TopicSettings.defaults();
    private static final String PER_CORE = "-per-core";
    static final String ADMIN_KEY = "ingress.admin-key";
    static final String ADMIN_KEY_FILE = ADMIN_KEY + "-file";
    static final String TOKEN_SECRET = "ingress.token-secret";
    static final String TOKEN_SECRET_FILE = TOKEN_SECRET + "-file";

    private Catalog() {
    }

    static List<Setting> all() {
        return List.of(
                new Setting("ingress.bind-address", "the address the ingress listens on", INGRESS.http().bindAddress(),
                        (s, v) -> s.ingress.bindAddress(v)),
                new Setting("ingress.port", "the ingress HTTP port", str(INGRESS.http().port()),
                        (s, v) -> s.ingress.port(Integer.parseInt(v))),
                new Setting("ingress.max-in-flight", "requests in flight per instance before the door sheds with 503",
                        str(INGRESS.bounds().maxInFlight()), (s, v) -> s.ingress.maxInFlight(Integer.parseInt(v))),
                new Setting("ingress.max-in-flight-per-principal",
                        "requests in flight per authenticated caller before it gets 429 (its share of the door)",
                        str(INGRESS.bounds().maxInFlightPerPrincipal()),
                        (s, v) -> s.ingress.maxInFlightPerPrincipal(Integer.parseInt(v))),
                new Setting("ingress.max-in-flight-per-address",
                        "requests in flight per source address on routes without a caller (login) before it gets 429",
                        str(INGRESS.bounds().maxInFlightPerAddress()),
                        (s, v) -> s.ingress.maxInFlightPerAddress(Integer.parseInt(v))),
                new Setting("ingress.redis-timeout", "the limiter's deadline for one Redis call (at most 1 s)",
                        str(INGRESS.redisTimeout()), (s, v) -> s.ingress.redisTimeout(Duration.parse(v))),
                new Setting("ingress.redis-cluster",
                        "Redis Cluster seed nodes (host:port, comma-separated; a first rediss://user:password@host:port"
                                + " gives TLS and the ACL user to the rest), used instead of --redis; empty for none",
                        String.join(",", INGRESS.redisCluster()),
                        (s, v) -> s.ingress.redisCluster(clusterNodes(v))),
                new Setting("ingress.body-deadline", "how long a request body may take to arrive, in all, before 408",
                        str(INGRESS.http().bodyDeadline()), (s, v) -> s.ingress.bodyDeadline(Duration.parse(v))),
                new Setting("ingress.keep-alive-requests",
                        "requests one connection may carry before the server closes it; -1 for no limit",
                        str(INGRESS.http().keepAliveRequests()), (s, v) -> s.ingress.keepAliveRequests(Integer.parseInt(v))),
                new Setting("ingress.ratelimit-fields",
                        "the draft of the RateLimit fields answers carry: draft-10 (t is the seconds until more quota) "
                                + "or draft-09 (t is the seconds until the quota is full again)",
                        str(INGRESS.http().rateLimitFields()),
                        (s, v) -> s.ingress.rateLimitFields(v)),
                new Setting("ingress.max-connections",
                        "connections each listener holds open at once; past it a new one is closed at accept",
                        str(INGRESS.http().connections().max()), (s, v) -> s.ingress.maxConnections(Integer.parseInt(v))),
                new Setting("ingress.max-connections-per-address",
                        "connections open at once from one source address (TCP peer, an IPv6 /64); past it a new one is "
                                + "closed at accept. A trusted proxy (the load balancer) is held to ingress.max-connections "
                                + "alone",
                        str(INGRESS.http().connections().perAddress()),
                        (s, v) -> s.ingress.maxConnectionsPerAddress(Integer.parseInt(v))),
                new Setting("ingress.keep-alive-idle-timeout",
                        "how long a connection may go without a whole request before the server closes it (whole seconds)",
                        str(INGRESS.http().connections().idleTimeout()),
                        (s, v) -> s.ingress.keepAliveIdleTimeout(Duration.parse(v))),
                new Setting("ingress.max-connection-age",
                        "the age past which a connection is ended: its next request is answered Connection: close, so "
                                + "no trickle of requests under the idle timeout keeps it for good",
                        str(INGRESS.http().connections().maxAge()), (s, v) -> s.ingress.maxConnectionAge(Duration.parse(v))),
                new Setting("ingress.max-checkouts", "outstanding checkouts per instance", str(INGRESS.bounds().maxCheckouts()),
                        (s, v) -> s.ingress.maxCheckouts(Integer.parseInt(v))),
                new Setting("ingress.checkout-permit-timeout", "how long a checkout keeps its permit without a result",
                        str(INGRESS.bounds().checkoutPermitTimeout()), (s, v) -> s.ingress.checkoutPermitTimeout(Duration.parse(v))),
                new Setting("ingress.max-body-bytes", "the largest request body", str(INGRESS.http().maxBodyBytes()),
                        (s, v) -> s.ingress.maxBodyBytes(Integer.parseInt(v))),
                new Setting("ingress.max-seats-per-hold", "seats one hold may take", str(INGRESS.bounds().maxSeatsPerHold()),
                        (s, v) -> s.ingress.maxSeatsPerHold(Integer.parseInt(v))),
                new Setting("ingress.max-seats-per-buyer",
                        "seats one buyer may hold and buy of an event whose definition gives no maxSeatsPerBuyer "
                                + "(the admin route and stagedoor events put fill it in)",
                        str(INGRESS.bounds().maxSeatsPerBuyer()), (s, v) -> s.ingress.maxSeatsPerBuyer(Integer.parseInt(v))),
                new Setting("ingress.results-window", "how long results stay readable", str(INGRESS.results().window()),
                        (s, v) -> s.ingress.resultsWindow(Duration.parse(v))),
                new Setting("ingress.max-results", "the most results the view keeps", str(INGRESS.results().maxResults()),
                        (s, v) -> s.ingress.maxResults(Long.parseLong(v))),
                new Setting("ingress.max-waiting-polls", "the most long polls waiting at once", str(INGRESS.results().maxWaitingPolls()),
                        (s, v) -> s.ingress.maxWaitingPolls(Integer.parseInt(v))),
                new Setting("ingress.max-waiting-polls-per-principal", "long polls one principal may hold waiting at once",
                        str(INGRESS.results().maxWaitingPollsPerPrincipal()),
                        (s, v) -> s.ingress.maxWaitingPollsPerPrincipal(Integer.parseInt(v))),
                new Setting("ingress.max-password-hashes",
                        "password hashes computed at once, a number or N-per-core; past it login is 503",
                        IngressSettings.PASSWORD_HASHES_PER_CORE + PER_CORE,
                        (s, v) -> s.ingress.maxPasswordHashes(perCore(v))),
                new Setting("ingress.producer-max-block", "how long a publish may wait for broker metadata",
                        str(INGRESS.producer().maxBlock()), (s, v) -> s.ingress.producerMaxBlock(Duration.parse(v))),
                new Setting("ingress.delivery-timeout", "how long a publish may wait for the broker's acknowledgement",
                        str(INGRESS.producer().deliveryTimeout()), (s, v) -> s.ingress.deliveryTimeout(Duration.parse(v))),
                new Setting("ingress.ready-lag-threshold", "scheduling lag past which /health/ready says not ready",
                        str(INGRESS.readyLagThreshold()), (s, v) -> s.ingress.readyLagThreshold(Duration.parse(v))),
                new Setting("ingress.trusted-proxies", "CIDRs whose X-Forwarded-For is believed, comma-separated",
                        String.join(",", INGRESS.http().trustedProxies()),
                        (s, v) -> s.ingress.trustedProxies(v.isBlank() ? List.of() : Arrays.asList(v.split("\\s*,\\s*")))),
                new Setting("ingress.instance-count", "ingress instances; each admits rate/count to a room while Redis is down",
                        str(INGRESS.instanceCount()), (s, v) -> s.ingress.instanceCount(Integer.parseInt(v))),
                new Setting("ingress.instance-index",
                        "this instance's place among them (0 to count-1): it follows the results partitions p % count == index",
                        str(INGRESS.instanceIndex()), (s, v) -> s.ingress.instanceIndex(Integer.parseInt(v))),
                new Setting("ingress.room-tickets",
                        "what a waiting buyer's ticket is: signed (kept in the ticket) or stored (kept in Redis)",
                        INGRESS.room().tickets().text(), (s, v) -> s.ingress.roomTickets(RoomTickets.of(v))),
                new Setting("ingress.room-join-window", "how long joins gather before one Redis call gives their places",
                        str(INGRESS.room().joinWindow()), (s, v) -> s.ingress.roomJoinWindow(Duration.parse(v))),
                new Setting("ingress.room-view-age", "how old an instance's view of a room may be when a poll reads it",
                        str(INGRESS.room().viewAge()), (s, v) -> s.ingress.roomViewAge(Duration.parse(v))),
                new Setting("ingress.room-max-poll-interval",
                        "the longest Retry-After a waiting buyer is told: longer means fewer polls, and news of the rate later",
                        str(INGRESS.room().maxPollInterval()), (s, v) -> s.ingress.roomMaxPollInterval(Duration.parse(v))),
                new Setting("ingress.admin-bind-address",
                        "the address of the admin listener (admin routes, /metrics, the operator page, health)",
                        INGRESS.http().adminBindAddress(), (s, v) -> s.ingress.adminBindAddress(v)),
                new Setting("ingress.admin-port", "the admin listener's port, never the public one",
                        str(INGRESS.http().adminPort()), (s, v) -> s.ingress.adminPort(Integer.parseInt(v))),
                Setting.secret(ADMIN_KEY,
                        "the operator key of the admin routes; beyond loopback >= 16 bytes and not this default",
                        INGRESS.auth().adminKey(), (s, v) -> s.ingress.adminKey(v)),
                new Setting(ADMIN_KEY_FILE, "a file holding the admin key, instead of ingress.admin-key", "",
                        (s, v) -> SecretFile.readInto(v, s.ingress::adminKey)),
                Setting.secret(TOKEN_SECRET,
                        "HMAC secret of tokens, ids and passes (>= 32 bytes); beyond loopback not this default",
                        INGRESS.auth().tokenSecret(), (s, v) -> s.ingress.tokenSecret(v)),
                new Setting(TOKEN_SECRET_FILE, "a file holding the token secret, instead of ingress.token-secret", "",
                        (s, v) -> SecretFile.readInto(v, s.ingress::tokenSecret)),
                new Setting("ingress.token-max-lifetime", "the longest a buyer token may live, from its iat to its exp",
                        str(INGRESS.auth().tokenMaxLifetime()), (s, v) -> s.ingress.tokenMaxLifetime(Duration.parse(v))),
                new Setting("kafka.client-config",
                        "a Kafka client properties file (TLS, SASL) every Kafka client reads, as Kafka's tools take with "
                                + "--command-config; empty: none. Keys kafka.client.<property> override single properties",
                        "", (s, v) -> s.kafkaClient = v.isBlank() ? Map.of() : KafkaClientProperties.load(Path.of(v))),
                new Setting("topics.partitions", "partitions of each topic created", str(TOPICS.partitions()),
                        (s, v) -> s.topics = s.topics.withPartitions(Integer.parseInt(v))),
                new Setting("topics.payment-partitions",
                        "partitions of the payments topic, which only the checkout share group reads",
                        str(TOPICS.paymentPartitions()),
                        (s, v) -> s.topics = s.topics.withPaymentPartitions(Integer.parseInt(v))),
                new Setting("topics.replication-factor", "replicas of each topic created", str(TOPICS.replicationFactor()),
                        (s, v) -> s.topics = s.topics.withReplicationFactor(Short.parseShort(v))),
                new Setting("topics.min-insync-replicas",
                        "replicas that must have a record before an acks=all write succeeds (2 with 3 replicas)",
                        str(TOPICS.minInsyncReplicas()),
                        (s, v) -> s.topics = s.topics.withMinInsyncReplicas(Integer.parseInt(v))),
                new Setting("topics.retention", "how long topics keep records for replay and audit", str(TOPICS.retention()),
                        (s, v) -> s.topics = s.topics.withRetention(Duration.parse(v))),
                new Setting("workers.hold-ttl", "how long a hold lasts", str(WORKERS.holdTtl()),
                        (s, v) -> s.workers = s.workers.withHoldTtl(Duration.parse(v))),
                new Setting("workers.checkout-id-retention",
                        "how long the inventory remembers the hold a checkout key paid for; at least the payment"
                                + " gateway's idempotency-key retention",
                        str(WORKERS.checkoutIdRetention()),
                        (s, v) -> s.workers = s.workers.withCheckoutIdRetention(Duration.parse(v))),
                new Setting("workers.commit-interval",
                        "the inventory's exactly-once commit interval: a result is visible only at a commit",
                        str(WORKERS.commitInterval()),
                        (s, v) -> s.workers = s.workers.withCommitInterval(Duration.parse(v))),
                new Setting("workers.lag-interval", "how often a worker asks the cluster for its groups' lag",
                        str(WORKERS.lagInterval()),
                        (s, v) -> s.workers = s.workers.withLagInterval(Duration.parse(v))),
                new Setting("workers.pool-size", "payment calls one checkout pool instance runs at once", str(WORKERS.poolSize()),
                        (s, v) -> s.workers = s.workers.withPayments(Integer.parseInt(v), s.workers.paymentTimeout(), s.workers.recordLock())),
                new Setting("workers.payment-timeout", "how long a payment call may take", str(WORKERS.paymentTimeout()),
                        (s, v) -> s.workers = s.workers.withPayments(s.workers.poolSize(), Duration.parse(v), s.workers.recordLock())),
                new Setting("workers.record-lock", "the share group's record lock; a lane renews it every third of it while its payment runs",
                        str(WORKERS.recordLock()),
                        (s, v) -> s.workers = s.workers.withPayments(s.workers.poolSize(), s.workers.paymentTimeout(), Duration.parse(v))),
                new Setting("workers.max-deliveries",
                        "deliveries of a payment request before the broker dead-letters it and its checkout fails",
                        str(WORKERS.maxDeliveries()),
                        (s, v) -> s.workers = s.workers.withMaxDeliveries(Integer.parseInt(v))));
    }

    /** The nodes of {@code ingress.redis-cluster}, each checked now so that a bad one is refused by this key. */
    private static List<String> clusterNodes(String value) {
        List<String> nodes = value.isBlank() ? List.of() : Arrays.asList(value.split("\\s*,\\s*"));
        if (!nodes.isEmpty()) {
            RedisEndpoint.cluster(nodes);
        }
        return nodes;
    }

    /** A count that may be written per core: {@code 8} or {@code 2-per-core}. */
    private static int perCore(String value) {
        if (!value.endsWith(PER_CORE)) {
            return Integer.parseInt(value);
        }
        int perCore = Integer.parseInt(value.substring(0, value.length() - PER_CORE.length()));
        return perCore * Runtime.getRuntime().availableProcessors();
    }

    private static String str(Object value) {
        return String.valueOf(value);
    }
}
