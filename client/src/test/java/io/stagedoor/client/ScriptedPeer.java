package io.stagedoor.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A real HTTP peer on 127.0.0.1 that answers from a script, in order, and records every request with its arrival
 * time on the monotonic clock. An unscripted request gets a 599 so a test fails loudly rather than hangs.
 */
final class ScriptedPeer implements AutoCloseable {

    /** One request as the peer saw it. Header names are lower case. */
    record Arrival(String method, String path, Map<String, List<String>> headers, String body, long nanos) {

        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.getFirst();
        }
    }

    /** One scripted answer; {@code dropped} closes the connection without answering. */
    record Reply(int status, Map<String, String> headers, String body, boolean dropped) {

        static Reply of(int status, String body, String... headerPairs) {
            Map<String, String> headers = new java.util.LinkedHashMap<>();
            for (int i = 0; i + 1 < headerPairs.length; i += 2) {
                headers.put(headerPairs[i], headerPairs[i + 1]);
            }
            return new Reply(status, headers, body, false);
        }

        static Reply accepted(String correlationId, String... headerPairs) {
            String[] all = new String[headerPairs.length + 4];
            all[0] = "Location";
            all[1] = "/v1/results/" + correlationId;
            all[2] = "Retry-After";
            all[3] = "1";
            System.arraycopy(headerPairs, 0, all, 4, headerPairs.length);
            return of(202, "{\"correlationId\":\"" + correlationId + "\",\"status\":\"pending\"}", all);
        }

        static Reply problem(int status, String slug, Long retryAfter, String... headerPairs) {
            String body = "{\"type\":\"https://stagedoor.io/problems/" + slug + "\",\"title\":\"" + slug
                    + "\",\"status\":" + status + ",\"detail\":\"scripted " + slug + "\",\"policy\":\"buyer-seats\""
                    + (retryAfter == null ? "" : ",\"retryAfter\":" + retryAfter) + "}";
            String[] all = retryAfter == null ? new String[2] : new String[4];
            all[0] = "Content-Type";
            all[1] = "application/problem+json";
            if (retryAfter != null) {
                all[2] = "Retry-After";
                all[3] = Long.toString(retryAfter);
            }
            String[] joined = new String[all.length + headerPairs.length];
            System.arraycopy(all, 0, joined, 0, all.length);
            System.arraycopy(headerPairs, 0, joined, all.length, headerPairs.length);
            return of(status, body, joined);
        }

        static Reply drop() {
            return new Reply(0, Map.of(), "", true);
        }
    }

    private final HttpServer server;
    private final Queue<Function<Arrival, Reply>> script = new ArrayDeque<>();
    private final List<Arrival> arrivals = new CopyOnWriteArrayList<>();

    private ScriptedPeer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    static ScriptedPeer start() {
        try {
            return new ScriptedPeer();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    ScriptedPeer then(Reply... replies) {
        for (Reply reply : replies) {
            then(arrival -> reply);
        }
        return this;
    }

    synchronized ScriptedPeer then(Function<Arrival, Reply> reply) {
        script.add(reply);
        return this;
    }

    List<Arrival> arrivals() {
        return List.copyOf(arrivals);
    }

    private void handle(HttpExchange exchange) throws IOException {
        long nanos = System.nanoTime();
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, List<String>> headers = new java.util.HashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
        Arrival arrival = new Arrival(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                Map.copyOf(headers), body, nanos);
        arrivals.add(arrival);
        Function<Arrival, Reply> next;
        synchronized (this) {
            next = script.poll();
        }
        Reply reply = next == null ? Reply.of(599, "unscripted request " + arrival.path()) : next.apply(arrival);
        if (reply.dropped()) {
            // no status line: the JDK server closes the connection, so the client sees an I/O failure
            throw new IOException("scripted drop");
        }
        reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        if (!reply.headers().containsKey("Content-Type")) {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
        }
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
