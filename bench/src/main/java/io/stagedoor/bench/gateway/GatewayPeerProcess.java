package io.stagedoor.bench.gateway;

import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Spring Cloud Gateway peer ({@code bench/gateway-peer}'s runnable jar, named by the system property
 * {@value #JAR_PROPERTY}, which bench/run sets) in a JVM of its own on a free port of 127.0.0.1, forwarding to
 * {@code upstream} and limiting in {@code redis}.
 */
final class GatewayPeerProcess implements AutoCloseable {

    static final String HOST = "127.0.0.1";
    static final String JAR_PROPERTY = "bench.gateway-peer.jar";
    /** The header the peer's limiter is keyed on ({@code GatewayPeer.BUYER_HEADER}). */
    static final String BUYER_HEADER = "X-Buyer";
    /** The peer's route without a limiter. */
    static final String BARE_PATH = "/bare";
    /**
     * What {@code RedisRateLimiter} logs when it could not ask Redis and let the request through: its fail-open
     * decisions, which it counts nowhere else.
     */
    private static final List<String> FAIL_OPEN_LINES = List.of("Error calling rate limiter lua",
            "Error determining if user allowed from redis");

    private final ServerProcess server;
    private final int port;

    private GatewayPeerProcess(ServerProcess server, int port) {
        this.server = server;
        this.port = port;
    }

    static GatewayPeerProcess start(String upstream, String redisUri, String heap, Path log) throws IOException {
        Path jar = Path.of(System.getProperty(JAR_PROPERTY, "bench/gateway-peer/target/gateway-peer.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no gateway peer jar at " + jar
                    + ": build it with mvn -pl bench/gateway-peer package (bench/run gateway does)");
        }
        URI redis = URI.create(redisUri);
        int port = Ports.anyFree();
        List<String> command = ServerProcess.java(heap, List.of("--enable-native-access=ALL-UNNAMED", "-jar", jar.toString(), "--peer.port=" + port,
                "--peer.upstream=" + upstream, "--spring.data.redis.host=" + redis.getHost(),
                "--spring.data.redis.port=" + redis.getPort()));
        return new GatewayPeerProcess(ServerProcess.start("scg", command, log, HOST, port), port);
    }

    /** The requests the limiter let through unasked so far (it fails open when Redis errs), from its log. */
    double failOpenDecisions() throws IOException {
        try (Stream<String> lines = Files.lines(server.log())) {
            return lines.filter(line -> FAIL_OPEN_LINES.stream().anyMatch(line::contains)).count();
        }
    }

    ServerProcess server() {
        return server;
    }

    int port() {
        return port;
    }

    @Override
    public void close() {
        server.close();
    }
}
