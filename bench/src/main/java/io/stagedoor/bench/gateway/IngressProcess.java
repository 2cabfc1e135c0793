package io.stagedoor.bench.gateway;

import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One Stagedoor ingress as deployed: {@link IngressMain} in a JVM of its own, against the Kafka and Redis of the
 * backend process, on free ports of 127.0.0.1, with the product's configuration ({@code STAGEDOOR_*} variables
 * apply) and the settings the benchmark names. Its JVM gets the heap of every measured JVM and runs nothing else.
 */
public final class IngressProcess implements AutoCloseable {

    public static final String HOST = "127.0.0.1";

    private final ServerProcess server;
    private final int port;
    private final int adminPort;

    private IngressProcess(ServerProcess server, int port, int adminPort) {
        this.server = server;
        this.port = port;
        this.adminPort = adminPort;
    }

    public static IngressProcess start(String name, String kafka, String redis, Path dir, String heap, List<String> settings,
                                Path log) throws IOException {
        int port = Ports.anyFree();
        int adminPort = Ports.anyFree();
        List<String> args = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED", "-Dbench.log=" + log,
                "-cp", System.getProperty("java.class.path"), IngressMain.class.getName(), kafka, redis,
                Integer.toString(port), Integer.toString(adminPort), dir.resolve(name).toString()));
        args.addAll(settings);
        ServerProcess server = ServerProcess.start(name, ServerProcess.java(heap, args), Path.of(log + ".out"), HOST,
                port);
        return new IngressProcess(server, port, adminPort);
    }

    public ServerProcess server() {
        return server;
    }

    public int port() {
        return port;
    }

    public int adminPort() {
        return adminPort;
    }

    @Override
    public void close() {
        server.close();
    }
}
