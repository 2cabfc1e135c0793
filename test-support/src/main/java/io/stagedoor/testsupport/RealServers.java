package io.stagedoor.testsupport;

import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One real Redis and one real Kafka per test JVM, started on first use (thread-safe) and stopped when the JVM
 * exits. Each comes from the first source that offers it: the environment variable
 * {@value #REDIS_VARIABLE} (a {@code redis://} URI) or {@value #KAFKA_VARIABLE} (bootstrap servers); else
 * Testcontainers ({@code redis:7}, {@code apache/kafka}) when a Docker engine answers; else the embedded servers
 * of {@code stagedoor-embedded}. Tests share them, so each test uses its own keys and topics ({@link TestNames})
 * and never flushes or deletes what it did not create.
 */
public final class RealServers {

    /** Names a Redis to use instead of starting one. */
    public static final String REDIS_VARIABLE = "STAGEDOOR_TEST_REDIS";
    /** Names Kafka bootstrap servers to use instead of starting a broker. */
    public static final String KAFKA_VARIABLE = "STAGEDOOR_TEST_KAFKA";

    private static final Logger LOG = LoggerFactory.getLogger(RealServers.class);
    private static final int PREFERRED_REDIS_PORT = 6399;
    private static final int PREFERRED_KAFKA_PORT = 39092;

    private RealServers() {
    }

    /** The shared Redis, e.g. {@code redis://127.0.0.1:6399}; starts it on first call. */
    public static String redisUri() {
        return SharedRedis.URI;
    }

    /** The shared Kafka's bootstrap servers, e.g. {@code 127.0.0.1:39092}; starts it on first call. */
    public static String kafkaBootstrap() {
        return SharedKafka.BOOTSTRAP;
    }

    /**
     * Where the servers come from: {@code "environment"}, {@code "testcontainers"} or {@code "embedded"}, or
     * {@code "redis: …, kafka: …"} when they differ. Starts nothing.
     */
    public static String source() {
        ServerSource redis = ServerSource.choose(REDIS_VARIABLE);
        ServerSource kafka = ServerSource.choose(KAFKA_VARIABLE);
        return redis == kafka ? redis.label() : "redis: " + redis.label() + ", kafka: " + kafka.label();
    }

    private static final class SharedRedis {
        static final String URI = start();

        private static String start() {
            String uri = switch (ServerSource.choose(REDIS_VARIABLE)) {
                case ENVIRONMENT -> System.getenv(REDIS_VARIABLE).trim();
                case TESTCONTAINERS -> ContainerServers.startRedis();
                case EMBEDDED -> startEmbeddedRedis();
            };
            LOG.info("Tests use Redis at {} ({})", uri, ServerSource.choose(REDIS_VARIABLE).label());
            return uri;
        }

        private static String startEmbeddedRedis() {
            EmbeddedRedis redis;
            try {
                redis = EmbeddedRedis.start(PREFERRED_REDIS_PORT);
            } catch (IllegalStateException raceForThePort) {
                redis = EmbeddedRedis.start(Ports.anyFree());
            }
            return redis.uri();
        }
    }

    private static final class SharedKafka {
        static final String BOOTSTRAP = start();

        private static String start() {
            String bootstrap = switch (ServerSource.choose(KAFKA_VARIABLE)) {
                case ENVIRONMENT -> System.getenv(KAFKA_VARIABLE).trim();
                case TESTCONTAINERS -> ContainerServers.startKafka();
                case EMBEDDED -> startEmbeddedKafka();
            };
            LOG.info("Tests use Kafka at {} ({})", bootstrap, ServerSource.choose(KAFKA_VARIABLE).label());
            return bootstrap;
        }

        private static String startEmbeddedKafka() {
            Path dataDir = createTempDir();
            EmbeddedKafka kafka;
            try {
                kafka = EmbeddedKafka.start(dataDir, PREFERRED_KAFKA_PORT);
            } catch (IllegalStateException raceForThePort) {
                kafka = EmbeddedKafka.start(dataDir, Ports.anyFree());
            }
            EmbeddedKafka started = kafka;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                started.close();
                deleteQuietly(dataDir);
            }, "stagedoor-test-kafka-cleanup"));
            return started.bootstrapServers();
        }

        private static Path createTempDir() {
            try {
                return Files.createTempDirectory("stagedoor-test-kafka-");
            } catch (IOException e) {
                throw new UncheckedIOException(TestSupportMessages.cannotCreateBrokerDataDir(), e);
            }
        }

        private static void deleteQuietly(Path dir) {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException | UncheckedIOException ignored) {
                // A leftover temp dir is harmless; the JVM is exiting.
            }
        }
    }
}
