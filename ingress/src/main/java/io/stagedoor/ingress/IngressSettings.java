package io.stagedoor.ingress;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.connection.KafkaConnection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one ingress instance needs to know. Build it with {@link #builder(String)}; every field but the
 * brokers has a default, written once, in {@link Builder}.
 *
 * @param bindAddress          the address to listen on (default 127.0.0.1)
 * @param port                 the HTTP port (default 8080; 0 picks a free one)
 * @param kafkaBootstrap       the brokers (required)
 * @param kafkaClient          Kafka client properties (TLS, SASL, …) every Kafka client of the instance adds (default none)
 * @param redisUri             the Redis every Redis user shares ({@code redis://[user:password@]host:port},
 *                             {@code rediss://…}, {@code redis-sentinel://…#primary}), or null for in-process state
 *                             (default null)
 * @param redisCluster         the seed nodes ({@code host:port}) of a Redis Cluster used instead of {@code redisUri}
 *                             (default none)
 * @param topics               the topic names (default: no namespace)
 * @param tokenSecret          HMAC secret of buyer tokens and correlation ids, ≥ 32 bytes (default: the development secret)
 * @param tokenIssuer          the issuer every buyer token must name (default "stagedoor")
 * @param adminKey             the operator key for admin routes (default "dev-admin-key")
 * @param maxBodyBytes         the largest request body (default 16 KiB)
 * @param maxSeatsPerHold      seats one hold may take (default 8)
 * @param resultsWindow        how long results stay readable (default 2 minutes)
 * @param maxResults           the most results the view keeps (default 1,200,000)
 * @param maxWaitingPolls      the most long polls waiting at once (default 20,000)
 * @param producerMaxBlock     how long a publish may wait for broker metadata (default 500 ms)
 * @param deliveryTimeout      how long a publish may wait for the broker's acknowledgement (default 1,000 ms)
 * @param maxInFlight          requests in flight per instance before the door sheds (default 400)
 * @param maxCheckouts         outstanding checkouts per instance (default 20)
 * @param checkoutPermitTimeout how long a checkout holds its permit without a result (default 30 s)
 * @param readyLagThreshold    scheduling lag past which the instance reports not ready (default 500 ms)
 * @param trustedProxies       CIDRs of the load balancers whose X-Forwarded-For is believed (default none)
 * @param limits               the rate limits (default {@link Limits#defaults()})
 * @param accountsFile         the buyer accounts (JSON), or null for none (default null)
 * @param apiKeysFile          the scanner API keys (JSON, hashes only), or null for none (default null)
 * @param passwordMemoryKib    Argon2id memory cost (default 19 MiB, about 100 ms here with 2 passes)
 * @param passwordIterations   Argon2id passes (default 2)
 * @param instanceCount        ingress instances behind the balancer; each admits rate / count while Redis is down (default 1)
 * @param maxPasswordHashes    password hashes computed at once per instance; past it login is 503 (default
 *                             {@link #PASSWORD_HASHES_PER_CORE} per core)
 * @param maxWaitingPollsPerPrincipal long polls one principal may hold waiting at once; past it a poll is answered at
 *                             once, without the wait (default 16)
 * @param maxInFlightPerPrincipal requests in flight per authenticated caller, a share of the door (default 20)
 * @param maxInFlightPerAddress requests in flight per source address on routes without a principal (default 20)
 * @param bodyDeadline         how long a request body may take to arrive, in all (default 5 s)
 * @param redisTimeout         the limiter's deadline for one Redis call (default 50 ms, at most 1 s)
 * @param adminBindAddress     the address of the admin listener: admin routes, {@code /metrics}, the operator page
 *                             (default 127.0.0.1)
 * @param adminPort            the admin listener's port (default 8081; 0 picks a free one; never the public port)
 * @param tokenMaxLifetime     the longest a buyer token may live from its {@code iat} to its {@code exp}; a longer one
 *                             is refused (default 24 hours)
 */
public record IngressSettings(String bindAddress, int port, String kafkaBootstrap, Map<String, String> kafkaClient,
                              String redisUri, List<String> redisCluster, TopicNames topics,
                              String tokenSecret, String tokenIssuer, String adminKey, int maxBodyBytes,
                              int maxSeatsPerHold, Duration resultsWindow, long maxResults, int maxWaitingPolls,
                              Duration producerMaxBlock, Duration deliveryTimeout, int maxInFlight, int maxCheckouts,
                              Duration checkoutPermitTimeout, Duration readyLagThreshold, List<String> trustedProxies,
                              Limits limits, java.nio.file.Path accountsFile, java.nio.file.Path apiKeysFile,
                              int passwordMemoryKib, int passwordIterations, int instanceCount,
                              int maxPasswordHashes, int maxWaitingPollsPerPrincipal,
                              int maxInFlightPerPrincipal, int maxInFlightPerAddress, Duration bodyDeadline,
                              Duration redisTimeout, String adminBindAddress, int adminPort,
                              Duration tokenMaxLifetime) {

    /** The development secret: fine on a laptop, never in production. */
    public static final String DEVELOPMENT_SECRET = "stagedoor-development-secret-change-me-in-production";
    /** The development admin key: fine on a laptop, never in production. */
    public static final String DEVELOPMENT_ADMIN_KEY = "dev-admin-key";
    /** The default of {@code maxPasswordHashes} is this many per core (Runtime.availableProcessors). */
    public static final int PASSWORD_HASHES_PER_CORE = 2;

    public IngressSettings {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(kafkaBootstrap, "kafkaBootstrap");
        kafkaClient = Map.copyOf(kafkaClient);
        Objects.requireNonNull(topics, "topics");
        trustedProxies = List.copyOf(trustedProxies);
        Objects.requireNonNull(limits, "limits");
        if (tokenSecret == null || tokenSecret.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new IllegalArgumentException("tokenSecret must have at least 32 bytes");
        }
        if (adminKey == null || adminKey.isBlank()) {
            throw new IllegalArgumentException("adminKey must not be blank");
        }
        Objects.requireNonNull(adminBindAddress, "adminBindAddress");
        validPort(port, "port");
        validPort(adminPort, "adminPort");
        if (port != 0 && port == adminPort) {
            throw new IllegalArgumentException("adminPort must differ from port, both were " + port);
        }
        if (tokenMaxLifetime.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException("tokenMaxLifetime must be at least a minute, was " + tokenMaxLifetime);
        }
        if (maxBodyBytes < 256) {
            throw new IllegalArgumentException("maxBodyBytes must be at least 256, was " + maxBodyBytes);
        }
        atLeastOne(maxSeatsPerHold, "maxSeatsPerHold");
        atLeastOne(maxInFlight, "maxInFlight");
        atLeastOne(maxCheckouts, "maxCheckouts");
        atLeastOne(maxWaitingPolls, "maxWaitingPolls");
        atLeastOne(instanceCount, "instanceCount");
        atLeastOne(maxPasswordHashes, "maxPasswordHashes");
        atLeastOne(maxWaitingPollsPerPrincipal, "maxWaitingPollsPerPrincipal");
        atLeastOne(maxInFlightPerPrincipal, "maxInFlightPerPrincipal");
        atLeastOne(maxInFlightPerAddress, "maxInFlightPerAddress");
        Objects.requireNonNull(redisTimeout, "redisTimeout");
        redisCluster = redisCluster == null ? List.of() : List.copyOf(redisCluster);
        if (bodyDeadline.toMillis() < 100) {
            throw new IllegalArgumentException("bodyDeadline must be at least 100 ms, was " + bodyDeadline);
        }
        if (deliveryTimeout.toMillis() < 200) {
            throw new IllegalArgumentException("deliveryTimeout must be at least 200 ms, was " + deliveryTimeout);
        }
    }

    /** Settings with every default, against the given brokers. */
    public static Builder builder(String kafkaBootstrap) {
        return new Builder(kafkaBootstrap);
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        Builder b = new Builder(kafkaBootstrap);
        b.kafkaClient = kafkaClient;
        b.bindAddress = bindAddress;
        b.port = port;
        b.redisUri = redisUri;
        b.redisCluster = redisCluster;
        b.topics = topics;
        b.tokenSecret = tokenSecret;
        b.tokenIssuer = tokenIssuer;
        b.adminKey = adminKey;
        b.maxBodyBytes = maxBodyBytes;
        b.maxSeatsPerHold = maxSeatsPerHold;
        b.resultsWindow = resultsWindow;
        b.maxResults = maxResults;
        b.maxWaitingPolls = maxWaitingPolls;
        b.producerMaxBlock = producerMaxBlock;
        b.deliveryTimeout = deliveryTimeout;
        b.maxInFlight = maxInFlight;
        b.maxCheckouts = maxCheckouts;
        b.checkoutPermitTimeout = checkoutPermitTimeout;
        b.readyLagThreshold = readyLagThreshold;
        b.trustedProxies = trustedProxies;
        b.limits = limits;
        b.accountsFile = accountsFile;
        b.apiKeysFile = apiKeysFile;
        b.passwordMemoryKib = passwordMemoryKib;
        b.passwordIterations = passwordIterations;
        b.instanceCount = instanceCount;
        b.maxPasswordHashes = maxPasswordHashes;
        b.maxWaitingPollsPerPrincipal = maxWaitingPollsPerPrincipal;
        b.maxInFlightPerPrincipal = maxInFlightPerPrincipal;
        b.maxInFlightPerAddress = maxInFlightPerAddress;
        b.bodyDeadline = bodyDeadline;
        b.redisTimeout = redisTimeout;
        b.adminBindAddress = adminBindAddress;
        b.adminPort = adminPort;
        b.tokenMaxLifetime = tokenMaxLifetime;
        return b;
    }

    /** The listeners and servers, never a secret nor a Redis password (these settings reach logs and errors). */
    @Override
    public String toString() {
        return "IngressSettings[public " + bindAddress + ":" + port + ", admin " + adminBindAddress + ":" + adminPort
                + ", kafka " + kafkaBootstrap + ", redis " + redisEndpoint() + ", topics " + topics + "]";
    }

    /** Where Redis is: the cluster when it has nodes, else the URI; null for in-process state. */
    public RedisEndpoint redisEndpoint() {
        return RedisEndpoint.fromSettings(redisUri, redisCluster);
    }

    /** The cluster and the client properties every Kafka client of the instance starts from. */
    public KafkaConnection kafka() {
        return new KafkaConnection(kafkaBootstrap, kafkaClient);
    }

    public byte[] secretBytes() {
        return tokenSecret.getBytes(StandardCharsets.UTF_8);
    }

    private static void validPort(int value, String name) {
        if (value < 0 || value > 65535) {
            throw new IllegalArgumentException(name + " must be 0..65535, was " + value);
        }
    }

    private static void atLeastOne(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, was " + value);
        }
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
        private int maxPasswordHashes = PASSWORD_HASHES_PER_CORE * Runtime.getRuntime().availableProcessors();
        private int maxWaitingPollsPerPrincipal = 16;
        private int maxInFlightPerPrincipal = 20;
        private int maxInFlightPerAddress = 20;
        private Duration bodyDeadline = Duration.ofSeconds(5);
        private Duration redisTimeout = OutageSettings.defaults().commandTimeout();
        private String adminBindAddress = "127.0.0.1";
        private int adminPort = 8081;
        private Duration tokenMaxLifetime = Duration.ofHours(24);

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
        public Builder maxPasswordHashes(int value) { this.maxPasswordHashes = value; return this; }
        public Builder maxWaitingPollsPerPrincipal(int value) { this.maxWaitingPollsPerPrincipal = value; return this; }
        public Builder maxInFlightPerPrincipal(int value) { this.maxInFlightPerPrincipal = value; return this; }
        public Builder maxInFlightPerAddress(int value) { this.maxInFlightPerAddress = value; return this; }
        public Builder bodyDeadline(Duration value) { this.bodyDeadline = value; return this; }
        public Builder redisTimeout(Duration value) { this.redisTimeout = value; return this; }
        public Builder adminBindAddress(String value) { this.adminBindAddress = value; return this; }
        public Builder adminPort(int value) { this.adminPort = value; return this; }
        public Builder tokenMaxLifetime(Duration value) { this.tokenMaxLifetime = value; return this; }
        public Builder passwordCost(int memoryKib, int iterations) {
            this.passwordMemoryKib = memoryKib;
            this.passwordIterations = iterations;
            return this;
        }

        public IngressSettings build() {
            return new IngressSettings(bindAddress, port, kafkaBootstrap, kafkaClient, redisUri, redisCluster, topics,
                    tokenSecret, tokenIssuer,
                    adminKey, maxBodyBytes, maxSeatsPerHold, resultsWindow, maxResults, maxWaitingPolls,
                    producerMaxBlock, deliveryTimeout, maxInFlight, maxCheckouts, checkoutPermitTimeout,
                    readyLagThreshold, trustedProxies, limits, accountsFile, apiKeysFile, passwordMemoryKib,
                    passwordIterations, instanceCount, maxPasswordHashes, maxWaitingPollsPerPrincipal,
                    maxInFlightPerPrincipal, maxInFlightPerAddress, bodyDeadline, redisTimeout, adminBindAddress,
                    adminPort, tokenMaxLifetime);
        }
    }
}
