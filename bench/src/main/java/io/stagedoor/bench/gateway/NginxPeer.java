package io.stagedoor.bench.gateway;

import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * nginx (Debian's package) with two servers in one process: on {@value #UPSTREAM_HOST} every request is answered
 * {@code 202} (the upstream Spring Cloud Gateway forwards to, and the physical limit of saying yes), on
 * {@value #REFUSER_HOST} every request is answered {@code 429} (the physical limit of saying no over HTTP). Its
 * configuration, pid file and error log live in a temporary directory; one worker per core, no access log.
 */
final class NginxPeer implements AutoCloseable {

    static final String UPSTREAM_HOST = "127.0.0.2";
    static final String REFUSER_HOST = "127.0.0.3";

    private final ServerProcess server;
    private final int upstreamPort;
    private final int refuserPort;

    private NginxPeer(ServerProcess server, int upstreamPort, int refuserPort) {
        this.server = server;
        this.upstreamPort = upstreamPort;
        this.refuserPort = refuserPort;
    }

    static NginxPeer start(Path log) throws IOException {
        Path dir = Files.createTempDirectory("stagedoor-nginx-");
        int upstream = Ports.anyFree();
        int refuser = Ports.anyFree();
        Files.writeString(dir.resolve("nginx.conf"), configuration(dir, upstream, refuser), StandardCharsets.US_ASCII);
        List<String> command = List.of("nginx", "-p", dir.toString(), "-c", "nginx.conf");
        try {
            ServerProcess server = ServerProcess.start("nginx", command, log, REFUSER_HOST, refuser);
            return new NginxPeer(server, upstream, refuser);
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().contains("Cannot run program")) {
                throw new IllegalStateException("bench/run gateway needs nginx on the PATH (apt-get install nginx)", e);
            }
            throw e;
        }
    }

    private static String configuration(Path dir, int upstream, int refuser) {
        return """
                worker_processes auto;
                daemon off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 4096; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    keepalive_requests 100000000;
                    keepalive_timeout 120s;
                    server { listen %2$s:%3$d; location / { return 202; } }
                    server { listen %4$s:%5$d; location / { return 429; } }
                }
                """.formatted(dir, UPSTREAM_HOST, upstream, REFUSER_HOST, refuser);
    }

    ServerProcess server() {
        return server;
    }

    int upstreamPort() {
        return upstreamPort;
    }

    int refuserPort() {
        return refuserPort;
    }

    /** {@code http://127.0.0.2:port}, what the gateway forwards to. */
    String upstreamUri() {
        return "http://" + UPSTREAM_HOST + ":" + upstreamPort;
    }

    @Override
    public void close() {
        server.close();
    }
}
