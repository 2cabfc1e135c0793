package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.gateway.ServerProcess;
import io.stagedoor.embedded.Ports;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * nginx (Debian's package) as the load balancer in front of the ingress instances: one upstream of them, round robin,
 * HTTP/1.1 over a pool of keep-alive connections, on a free port of {@value #HOST}. Its configuration, pid file
 * and error log live in a temporary directory; one worker per core, no access log.
 */
final class NginxBalancer implements AutoCloseable {

    static final String HOST = "127.0.0.1";
    private final ServerProcess server;
    private final int port;
    private final Path configuration;
    private final int keepalive;

    private NginxBalancer(ServerProcess server, int port, Path configuration, int keepalive) {
        this.server = server;
        this.port = port;
        this.configuration = configuration;
        this.keepalive = keepalive;
    }

    /**
     * Starts nginx balancing over {@code upstreamPorts} of 127.0.0.1, each worker keeping up to {@code keepalive} idle
     * connections to them (as many as the clients have in flight, so none is opened per request); returns once it
     * listens.
     */
    static NginxBalancer start(List<Integer> upstreamPorts, int keepalive, Path log) throws IOException {
        Path dir = Files.createTempDirectory("stagedoor-herd-nginx-");
        int port = Ports.anyFree();
        Path conf = dir.resolve("nginx.conf");
        Files.writeString(conf, configuration(dir, port, upstreamPorts, keepalive), StandardCharsets.US_ASCII);
        try {
            ServerProcess server = ServerProcess.start("nginx", List.of("nginx", "-p", dir.toString(), "-c", "nginx.conf"),
                    log, HOST, port);
            return new NginxBalancer(server, port, conf, keepalive);
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().contains("Cannot run program")) {
                throw new IllegalStateException("bench/run herd-http needs nginx on the PATH (apt-get install nginx)", e);
            }
            throw e;
        }
    }

    private static String configuration(Path dir, int port, List<Integer> upstreamPorts, int keepalive) {
        StringBuilder servers = new StringBuilder();
        for (int upstream : upstreamPorts) {
            servers.append("        server ").append(HOST).append(':').append(upstream).append(";\n");
        }
        return """
                worker_processes auto;
                daemon off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 8192; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    keepalive_requests 100000000;
                    keepalive_timeout 120s;
                    upstream stagedoor {
                %2$s        keepalive %3$d;
                        keepalive_requests 100000000;
                        keepalive_timeout 120s;
                    }
                    server {
                        listen %4$s:%5$d;
                        location / {
                            proxy_pass http://stagedoor;
                            proxy_http_version 1.1;
                            proxy_set_header Connection "";
                            proxy_set_header Host $http_host;
                        }
                    }
                }
                """.formatted(dir, servers, keepalive, HOST, port);
    }

    ServerProcess server() {
        return server;
    }

    int port() {
        return port;
    }

    int keepalive() {
        return keepalive;
    }

    Path configuration() {
        return configuration;
    }

    @Override
    public void close() {
        server.close();
    }
}
