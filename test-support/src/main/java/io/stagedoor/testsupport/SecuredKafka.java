package io.stagedoor.testsupport;

import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.embedded.Ports;
import io.stagedoor.embedded.SaslSslListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;

/**
 * One embedded broker per test JVM with a SASL_SSL listener beside its PLAINTEXT one, started on first use: a
 * self-signed certificate for 127.0.0.1 made by the running JDK's {@code keytool} into a temporary directory, and
 * the SCRAM-SHA-512 user {@value #USER} created through the Admin API over PLAINTEXT. Tests that prove TLS and
 * SASL work connect to {@link #saslSslBootstrap()} with {@link #clientProperties(String)} and nothing else.
 */
public final class SecuredKafka {

    /** The SCRAM-SHA-512 user. */
    public static final String USER = "stagedoor";
    /** The user's password. */
    public static final String PASSWORD = "stagedoor-scram-secret";
    private static final String STORE_PASSWORD = "stagedoor-store";

    private SecuredKafka() {
    }

    /** {@code 127.0.0.1:port} of the SASL_SSL listener; starts the broker on first call. */
    public static String saslSslBootstrap() {
        return Shared.KAFKA.saslSslBootstrapServers();
    }

    /** The PLAINTEXT listener of the same broker, for setting up and checking what a test did. */
    public static String plaintextBootstrap() {
        return Shared.KAFKA.bootstrapServers();
    }

    /** Kafka client properties for {@value #USER} with {@code password} over SASL_SSL, trusting the broker's certificate. */
    public static Map<String, String> clientProperties(String password) {
        Map<String, String> properties = new TreeMap<>();
        properties.put("security.protocol", "SASL_SSL");
        properties.put("sasl.mechanism", "SCRAM-SHA-512");
        properties.put("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + USER + "\" password=\"" + password + "\";");
        properties.put("ssl.truststore.type", "PKCS12");
        properties.put("ssl.truststore.location", Shared.TRUSTSTORE.toString());
        properties.put("ssl.truststore.password", STORE_PASSWORD);
        return properties;
    }

    /** Writes {@link #clientProperties(String)} to {@code file} in Kafka's properties format and returns it. */
    public static Path writeClientConfig(Path file, String password) {
        StringBuilder text = new StringBuilder("# Kafka client properties of the test's SASL_SSL listener\n");
        // Properties format: a backslash would start an escape, so paths are written with forward slashes.
        clientProperties(password).forEach((key, value) -> text.append(key).append('=')
                .append(value.replace('\\', '/')).append('\n'));
        try {
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(TestSupportMessages.cannotWrite(file), e);
        }
    }

    private static final class Shared {
        static final Path DIR = createTempDir();
        static final Path TRUSTSTORE = DIR.resolve("truststore.p12");
        static final EmbeddedKafka KAFKA = start();

        private static EmbeddedKafka start() {
            Path keystore = DIR.resolve("broker.p12");
            Path certificate = DIR.resolve("broker.crt");
            keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                    "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
                    "-keystore", keystore.toString(), "-storepass", STORE_PASSWORD, "-keypass", STORE_PASSWORD);
            keytool("-exportcert", "-rfc", "-alias", "broker", "-keystore", keystore.toString(),
                    "-storepass", STORE_PASSWORD, "-file", certificate.toString());
            keytool("-importcert", "-noprompt", "-alias", "broker", "-file", certificate.toString(),
                    "-storetype", "PKCS12", "-keystore", TRUSTSTORE.toString(), "-storepass", STORE_PASSWORD);
            EmbeddedKafka kafka = EmbeddedKafka.start(DIR.resolve("kafka"), Ports.anyFree(),
                    new SaslSslListener(keystore, STORE_PASSWORD, Map.of()));
            Runtime.getRuntime().addShutdownHook(new Thread(kafka::close, "stagedoor-secured-kafka-stop"));
            createUser(kafka);
            return kafka;
        }

        private static void createUser(EmbeddedKafka kafka) {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
                admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(USER,
                        new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), PASSWORD)))
                        .all().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException(TestSupportMessages.cannotCreateScramUser(USER), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(TestSupportMessages.interruptedCreatingScramUser(), e);
            }
            awaitLogin(kafka);
        }

        /** The credential reaches the listener through the metadata log, a moment after the Admin call returns. */
        private static void awaitLogin(EmbeddedKafka kafka) {
            Map<String, Object> properties = new TreeMap<>(clientProperties(PASSWORD));
            properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.saslSslBootstrapServers());
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            RuntimeException last = null;
            while (System.nanoTime() < deadline) {
                try (Admin admin = Admin.create(properties)) {
                    admin.describeCluster().clusterId().get(10, TimeUnit.SECONDS);
                    return;
                } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                    last = new IllegalStateException(e.getMessage(), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(TestSupportMessages.interruptedLoggingIn(USER), e);
                }
            }
            throw new IllegalStateException(TestSupportMessages.saslSslListenerNeverAccepted(USER), last);
        }

        private static void keytool(String... arguments) {
            List<String> command = new java.util.ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
            command.addAll(List.of(arguments));
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
                String output = new String(process.getInputStream().readAllBytes());
                if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    throw new IllegalStateException(TestSupportMessages.keytoolCommandFailed(arguments[0], output));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(TestSupportMessages.cannotRunKeytool(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(TestSupportMessages.interruptedRunningKeytool(), e);
            }
        }

        private static Path createTempDir() {
            try {
                return Files.createTempDirectory("stagedoor-secured-kafka-");
            } catch (IOException e) {
                throw new UncheckedIOException(TestSupportMessages.cannotCreateSecuredBrokerDirectory(), e);
            }
        }
    }
}
