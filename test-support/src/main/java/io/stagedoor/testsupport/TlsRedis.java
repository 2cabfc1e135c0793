package io.stagedoor.testsupport;

import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Redis of one test's own that speaks TLS only (the shipped {@code redis-server} is built with TLS), on a
 * self-signed certificate for 127.0.0.1 made with the JDK's own {@code keytool}, so no other tool is needed.
 * Close it when the test ends.
 */
public final class TlsRedis implements AutoCloseable {

    private static final char[] STORE_PASSWORD = "stagedoor-test".toCharArray();

    private final RedisProcess server;
    private final int tlsPort;

    private TlsRedis(RedisProcess server, int tlsPort) {
        this.server = server;
        this.tlsPort = tlsPort;
    }

    public static TlsRedis start() {
        Path dir = RedisClusterServers.tempDir();
        selfSigned(dir);
        int tlsPort = Ports.anyFree();
        RedisProcess server = RedisProcess.start(Ports.anyFree(), dir, List.of("tls-port " + tlsPort,
                "tls-cert-file " + dir.resolve("redis.crt"), "tls-key-file " + dir.resolve("redis.key"),
                "tls-auth-clients no"));
        return new TlsRedis(server, tlsPort);
    }

    /**
     * {@code rediss://127.0.0.1:tlsPort?verifyPeer=NONE}: the certificate is self-signed and no test changes the JVM's
     * trust store; a deployment's CA-signed certificate is verified by default.
     */
    public String uri() {
        return "rediss://" + Ports.LOOPBACK + ":" + tlsPort + "?verifyPeer=NONE";
    }

    /** The plain (non-TLS) URI of the TLS port: a client that does not speak TLS gets no answer there. */
    public String plainUriOfTlsPort() {
        return "redis://" + Ports.LOOPBACK + ":" + tlsPort;
    }

    @Override
    public void close() {
        server.close();
    }

    private static void selfSigned(Path dir) {
        Path store = dir.resolve("redis.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(keytool, "-genkeypair", "-alias", "redis", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", new String(STORE_PASSWORD));
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(in, STORE_PASSWORD);
            Key key = keys.getKey("redis", STORE_PASSWORD);
            Files.writeString(dir.resolve("redis.key"), pem("PRIVATE KEY", key.getEncoded()));
            Files.writeString(dir.resolve("redis.crt"), pem("CERTIFICATE", keys.getCertificate("redis").getEncoded()));
        } catch (IOException e) {
            throw new UncheckedIOException(TestSupportMessages.cannotWriteTestCertificate(), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(TestSupportMessages.cannotReadTestCertificate(), e);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    private static void run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(TestSupportMessages.keytoolFailed(output));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(TestSupportMessages.cannotRunKeytool(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(TestSupportMessages.interruptedMakingTestCertificate(), e);
        }
    }
}
