package io.stagedoor.cli;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.stagedoor.ingress.metrics.TraceExemplars;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/** {@code GET /metrics} in Prometheus text format (OpenMetrics when asked) for a process with no HTTP server of its own (a worker). */
final class MetricsEndpoint implements AutoCloseable {

    private final HttpServer server;

    private MetricsEndpoint(HttpServer server) {
        this.server = server;
    }

    /** @throws IllegalStateException naming the address and the flags to change, when the port cannot be bound */
    static MetricsEndpoint start(String bind, int port, PrometheusMeterRegistry registry) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(bind, port), 16);
            server.createContext("/metrics", exchange -> {
                String type = TraceExemplars.contentType(exchange.getRequestHeaders().getFirst("Accept"));
                byte[] body = registry.scrape(type).getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", type);
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.setExecutor(Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name("metrics").unstarted(r)));
            server.start();
            return new MetricsEndpoint(server);
        } catch (IOException e) {
            throw new IllegalStateException(CliMessages.cannotServeMetrics(bind, port, String.valueOf(e.getMessage())), e);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
