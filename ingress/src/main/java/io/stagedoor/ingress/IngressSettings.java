package io.stagedoor.ingress;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.rings.RateLimitHeaders;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.admission.waitingroom.RoomTickets;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicsMessages;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one ingress instance needs to know, grouped by what it configures: {@link #http}, {@link #auth},
 * {@link #bounds}, {@link #results} and {@link #producer}, beside the connections and the limits. Build it with
 * {@link #builder(String)}; every field but the brokers has a default, written once, in {@link Builder}.
 *
 * @param kafkaBootstrap    the brokers (required)
 * @param kafkaClient       Kafka client properties (TLS, SASL, …) every Kafka client of the instance adds (default none)
 * @param redisUri          the Redis every Redis user shares ({@code redis://[user:password@]host:port},
 *                          {@code rediss://…}, {@code redis-sentinel://…#primary}), or null for in-process state
 *                          (default null)
 * @param redisCluster      the seed nodes ({@code host:port}) of a Redis Cluster used instead of {@code redisUri}
 *                          (default none)
 * @param redisTimeout      the limiter's deadline for one Redis call (default 50 ms, at most 1 s)
 * @param topics            the topic names (default: no namespace)
 * @param limits            the rate limits (default {@link Limits#defaults()})
 * @param instanceCount     ingress instances behind the balancer; each admits rate / count while Redis is down
 *                          (default 1)
 * @param instanceIndex     this instance's place among them, 0 to {@code instanceCount - 1}: it follows the results
 *                          partitions {@code p % instanceCount == instanceIndex} and has its requests' results
 *                          written there (decision 0028; default 0)
 * @param readyLagThreshold scheduling lag past which the instance reports not ready (default 500 ms)
 * @param http              the listeners and what they accept
 * @param auth              the secrets, the credentials' files and the password hash's cost
 * @param bounds            how much one instance takes on at once
 * @param results           what the results view keeps
 * @param producer          how long a publish may wait on the brokers
 * @param room              how the waiting room keeps a waiting buyer
 */
public record IngressSettings(String kafkaBootstrap, Map<String, String> kafkaClient, String redisUri,
                              List<String> redisCluster, Duration redisTimeout, TopicNames topics, Limits limits,
                              int instanceCount, int instanceIndex, Duration readyLagThreshold, HttpSettings http, AuthSettings auth,
                              BoundSettings bounds, ResultsSettings results, ProducerSettings producer,
                              RoomSettings room) {

    /** The development secret: fine on a laptop, never in production. */
    public static final String DEVELOPMENT_SECRET = "stagedoor-development-secret-change-me-in-production";
    /** The development admin key: fine on a laptop, never in production. */
    public static final String DEVELOPMENT_ADMIN_KEY = "dev-admin-key";
    /** The default of {@code maxPasswordHashes} is this many per core (Runtime.availableProcessors). */
    public static final int PASSWORD_HASHES_PER_CORE = 2;

    public IngressSettings {
        Objects.requireNonNull(kafkaBootstrap, "kafkaBootstrap");
        kafkaClient = Map.copyOf(kafkaClient);
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(limits, "limits");
        BoundSettings.atLeastOne(instanceCount, "instanceCount");
        if (instanceIndex < 0 || instanceIndex >= instanceCount) {
            throw new IllegalArgumentException(TopicsMessages.instanceIndexOutOfRange(instanceIndex, instanceCount));
        }
        Objects.requireNonNull(redisTimeout, "redisTimeout");
        redisCluster = redisCluster == null ? List.of() : List.copyOf(redisCluster);
        Objects.requireNonNull(http, "http");
        Objects.requireNonNull(auth, "auth");
        Objects.requireNonNull(bounds, "bounds");
        Objects.requireNonNull(results, "results");
        Objects.requireNonNull(producer, "producer");
        Objects.requireNonNull(room, "room");
    }

    /** Settings with every default, against the given brokers. */
    public static Builder builder(String kafkaBootstrap) {
        return new Builder(kafkaBootstrap);
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        Builder b = new Builder(kafkaBootstrap);
        b.kafkaClient = kafkaClient;
        b.redisUri = redisUri;
        b.redisCluster = redisCluster;
        b.redisTimeout = redisTimeout;
        b.topics = topics;
        b.limits = limits;
        b.instanceCount = instanceCount;
        b.instanceIndex = instanceIndex;
        b.readyLagThreshold = readyLagThreshold;
        b.bindAddress = http.bindAddress();
        b.port = http.port();
        b.adminBindAddress = http.adminBindAddress();
        b.adminPort = http.adminPort();
        b.maxBodyBytes = http.maxBodyBytes();
        b.bodyDeadline = http.bodyDeadline();
        b.trustedProxies = http.trustedProxies();
        b.keepAliveRequests = http.keepAliveRequests();
        b.rateLimitFields = http.rateLimitFields();
        b.maxConnections = http.connections().max();
        b.maxConnectionsPerAddress = http.connections().perAddress();
        b.keepAliveIdleTimeout = http.connections().idleTimeout();
        b.maxConnectionAge = http.connections().maxAge();
        b.tokenSecret = auth.tokenSecret();
        b.tokenIssuer = auth.tokenIssuer();
        b.tokenMaxLifetime = auth.tokenMaxLifetime();
        b.adminKey = auth.adminKey();
        b.accountsFile = auth.accountsFile();
        b.apiKeysFile = auth.apiKeysFile();
        b.passwordMemoryKib = auth.passwordMemoryKib();
        b.passwordIterations = auth.passwordIterations();
        b.maxInFlight = bounds.maxInFlight();
        b.maxInFlightPerPrincipal = bounds.maxInFlightPerPrincipal();
        b.maxInFlightPerAddress = bounds.maxInFlightPerAddress();
        b.maxCheckouts = bounds.maxCheckouts();
        b.checkoutPermitTimeout = bounds.checkoutPermitTimeout();
        b.maxPasswordHashes = bounds.maxPasswordHashes();
        b.maxSeatsPerHold = bounds.maxSeatsPerHold();
        b.maxSeatsPerBuyer = bounds.maxSeatsPerBuyer();
        b.resultsWindow = results.window();
        b.maxResults = results.maxResults();
        b.maxWaitingPolls = results.maxWaitingPolls();
        b.maxWaitingPollsPerPrincipal = results.maxWaitingPollsPerPrincipal();
        b.producerMaxBlock = producer.maxBlock();
        b.deliveryTimeout = producer.deliveryTimeout();
        b.roomTickets = room.tickets();
        b.roomJoinWindow = room.joinWindow();
        b.roomViewAge = room.viewAge();
        b.roomMaxPollInterval = room.maxPollInterval();
        return b;
    }

    /** The listeners and servers, never a secret nor a Redis password (these settings reach logs and errors). */
    @Override
    public String toString() {
        return "IngressSettings[public " + http.bindAddress() + ":" + http.port() + ", admin "
                + http.adminBindAddress() + ":" + http.adminPort() + ", kafka " + kafkaBootstrap + ", redis "
                + redisEndpoint() + ", topics " + topics + "]";
    }

    /** Where Redis is: the cluster when it has nodes, else the URI; null for in-process state. */
    public RedisEndpoint redisEndpoint() {
        return RedisEndpoint.fromSettings(redisUri, redisCluster);
    }

    /** The cluster and the client properties every Kafka client of the instance starts from. */
    public KafkaConnection kafka() {
        return new KafkaConnection(kafkaBootstrap, kafkaClient);
    }

    /** Builds {@link IngressSettings}; its field initialisers are the defaults. */
    public static final class Builder {
        private String kafkaBootstrap;
        private Map<String, String> kafkaClient = Map.of();
        private String bindAddress = "127.0.0.1";
        private int port = 8080;
        private String redisUri;
        private List<String> redisCluster = List.of();
        private TopicNames topics = TopicNames.defaults();
        private String tokenSecret = DEVELOPMENT_SECRET;
        private String tokenIssuer = "stagedoor";
        private String adminKey = DEVELOPMENT_ADMIN_KEY;
        private int maxBodyBytes = 16 * 1024;
        private int maxSeatsPerHold = 8;
        private int maxSeatsPerBuyer = EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER;
        private Duration resultsWindow = Duration.ofMinutes(2);
        private long maxResults = 1_200_000;
        private int maxWaitingPolls = 20_000;
        private Duration producerMaxBlock = Duration.ofMillis(500);
        private Duration deliveryTimeout = Duration.ofMillis(1000);
        private int maxInFlight = 400;
        private int maxCheckouts = 20;
        private Duration checkoutPermitTimeout = Duration.ofSeconds(30);
        private Duration readyLagThreshold = Duration.ofMillis(500);
        private List<String> trustedProxies = List.of();
        private Limits limits = Limits.defaults();
        private java.nio.file.Path accountsFile;
        private java.nio.file.Path apiKeysFile;
        private int passwordMemoryKib = 19 * 1024;
        private int passwordIterations = 2;
        private int instanceCount = 1;
        private int instanceIndex = 0;
        private int maxPasswordHashes = PASSWORD_HASHES_PER_CORE * Runtime.getRuntime().availableProcessors();
        private int maxWaitingPollsPerPrincipal = 16;
        private int maxInFlightPerPrincipal = 20;
        private int maxInFlightPerAddress = 20;
        private Duration bodyDeadline = Duration.ofSeconds(5);
        private int keepAliveRequests = -1;
        private String rateLimitFields = RateLimitHeaders.Draft.DRAFT_10.toString();
        private int maxConnections = 30_000;
        private int maxConnectionsPerAddress = 1_000;
        private Duration keepAliveIdleTimeout = Duration.ofSeconds(30);
        private Duration maxConnectionAge = Duration.ofMinutes(10);
        private Duration redisTimeout = OutageSettings.defaults().commandTimeout();
        private String adminBindAddress = "127.0.0.1";
        private int adminPort = 8081;
        private Duration tokenMaxLifetime = Duration.ofHours(24);
        private RoomTickets roomTickets = RoomTickets.SIGNED;
        private Duration roomJoinWindow = Duration.ofMillis(100);
        private Duration roomViewAge = Duration.ofMillis(250);
        private Duration roomMaxPollInterval = Duration.ofSeconds(30);

        private Builder(String kafkaBootstrap) {
            this.kafkaBootstrap = kafkaBootstrap;
        }

        public Builder kafkaBootstrap(String value) { this.kafkaBootstrap = value; return this; }
        public Builder kafkaClient(Map<String, String> value) { this.kafkaClient = value; return this; }
        public Builder bindAddress(String value) { this.bindAddress = value; return this; }
        public Builder port(int value) { this.port = value; return this; }
        public Builder redisUri(String value) { this.redisUri = value; return this; }
        public Builder redisCluster(List<String> value) { this.redisCluster = value; return this; }
        public Builder topics(TopicNames value) { this.topics = value; return this; }
        public Builder tokenSecret(String value) { this.tokenSecret = value; return this; }
        public Builder adminKey(String value) { this.adminKey = value; return this; }
        public Builder maxBodyBytes(int value) { this.maxBodyBytes = value; return this; }
        public Builder maxSeatsPerHold(int value) { this.maxSeatsPerHold = value; return this; }
        public Builder maxSeatsPerBuyer(int value) { this.maxSeatsPerBuyer = value; return this; }
        public Builder resultsWindow(Duration value) { this.resultsWindow = value; return this; }
        public Builder maxResults(long value) { this.maxResults = value; return this; }
        public Builder maxWaitingPolls(int value) { this.maxWaitingPolls = value; return this; }
        public Builder producerMaxBlock(Duration value) { this.producerMaxBlock = value; return this; }
        public Builder deliveryTimeout(Duration value) { this.deliveryTimeout = value; return this; }
        public Builder maxInFlight(int value) { this.maxInFlight = value; return this; }
        public Builder maxCheckouts(int value) { this.maxCheckouts = value; return this; }
        public Builder checkoutPermitTimeout(Duration value) { this.checkoutPermitTimeout = value; return this; }
        public Builder readyLagThreshold(Duration value) { this.readyLagThreshold = value; return this; }
        public Builder trustedProxies(List<String> value) { this.trustedProxies = value; return this; }
        public Builder limits(Limits value) { this.limits = value; return this; }
        public Builder accountsFile(java.nio.file.Path value) { this.accountsFile = value; return this; }
        public Builder apiKeysFile(java.nio.file.Path value) { this.apiKeysFile = value; return this; }
        public Builder instanceCount(int value) { this.instanceCount = value; return this; }
        public Builder instanceIndex(int value) { this.instanceIndex = value; return this; }
        public Builder maxPasswordHashes(int value) { this.maxPasswordHashes = value; return this; }
        public Builder maxWaitingPollsPerPrincipal(int value) { this.maxWaitingPollsPerPrincipal = value; return this; }
        public Builder maxInFlightPerPrincipal(int value) { this.maxInFlightPerPrincipal = value; return this; }
        public Builder maxInFlightPerAddress(int value) { this.maxInFlightPerAddress = value; return this; }
        public Builder bodyDeadline(Duration value) { this.bodyDeadline = value; return this; }
        public Builder keepAliveRequests(int value) { this.keepAliveRequests = value; return this; }
        public Builder rateLimitFields(String value) { this.rateLimitFields = value; return this; }
        public Builder maxConnections(int value) { this.maxConnections = value; return this; }
        public Builder maxConnectionsPerAddress(int value) { this.maxConnectionsPerAddress = value; return this; }
        public Builder keepAliveIdleTimeout(Duration value) { this.keepAliveIdleTimeout = value; return this; }
        public Builder maxConnectionAge(Duration value) { this.maxConnectionAge = value; return this; }
        public Builder redisTimeout(Duration value) { this.redisTimeout = value; return this; }
        public Builder adminBindAddress(String value) { this.adminBindAddress = value; return this; }
        public Builder adminPort(int value) { this.adminPort = value; return this; }
        public Builder tokenMaxLifetime(Duration value) { this.tokenMaxLifetime = value; return this; }
        public Builder roomTickets(RoomTickets value) { this.roomTickets = value; return this; }
        public Builder roomJoinWindow(Duration value) { this.roomJoinWindow = value; return this; }
        public Builder roomViewAge(Duration value) { this.roomViewAge = value; return this; }
        public Builder roomMaxPollInterval(Duration value) { this.roomMaxPollInterval = value; return this; }
        public Builder passwordCost(int memoryKib, int iterations) {
            this.passwordMemoryKib = memoryKib;
            this.passwordIterations = iterations;
            return this;
        }

        public IngressSettings build() {
            return new IngressSettings(kafkaBootstrap, kafkaClient, redisUri, redisCluster, redisTimeout, topics, limits,
                    instanceCount, instanceIndex, readyLagThreshold,
                    new HttpSettings(bindAddress, port, adminBindAddress, adminPort, maxBodyBytes, bodyDeadline,
                            trustedProxies, keepAliveRequests, new HttpSettings.Connections(maxConnections,
                            maxConnectionsPerAddress, keepAliveIdleTimeout, maxConnectionAge), rateLimitFields),
                    new AuthSettings(tokenSecret, tokenIssuer, tokenMaxLifetime, adminKey, accountsFile, apiKeysFile,
                            passwordMemoryKib, passwordIterations),
                    new BoundSettings(maxInFlight, maxInFlightPerPrincipal, maxInFlightPerAddress, maxCheckouts,
                            checkoutPermitTimeout, maxPasswordHashes, maxSeatsPerHold, maxSeatsPerBuyer),
                    new ResultsSettings(resultsWindow, maxResults, maxWaitingPolls, maxWaitingPollsPerPrincipal),
                    new ProducerSettings(producerMaxBlock, deliveryTimeout),
                    new RoomSettings(roomTickets, roomJoinWindow, roomViewAge, roomMaxPollInterval));
        }
    }
}
