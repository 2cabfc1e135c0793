package io.stagedoor.workers.payment;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkersMessages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The simulated gateway Payrail as its own small HTTP server on 127.0.0.1, so worker processes can share one
 * ledger. {@code POST /v1/charges} ({@code {idempotencyKey, amountCents, paymentToken}}, also the
 * {@code Idempotency-Key} header) answers 200 with a {@link Charge}, or 504 when the simulated charge times out;
 * {@code POST /v1/voids} ({@code {idempotencyKey, reason}}) answers 204; {@code GET /v1/ledger} answers the
 * {@link PaymentLedger.Snapshot}. Each exchange runs on its own virtual thread.
 */
public final class PayrailServer implements AutoCloseable {

    /** The header that carries the idempotency key. */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private final HttpServer server;
    private final ExecutorService executor;
    private final SimulatedGateway gateway;

    private PayrailServer(HttpServer server, ExecutorService executor, SimulatedGateway gateway) {
        this.server = server;
        this.executor = executor;
        this.gateway = gateway;
    }

    /** Serves {@code gateway} on 127.0.0.1:{@code port} (0 picks a free port). */
    public static PayrailServer start(SimulatedGateway gateway, int port) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
            ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
            server.setExecutor(executor);
            PayrailServer payrail = new PayrailServer(server, executor, gateway);
            server.createContext("/v1/charges", payrail::charge);
            server.createContext("/v1/voids", payrail::voidCharge);
            server.createContext("/v1/ledger", payrail::ledger);
            server.start();
            return payrail;
        } catch (IOException e) {
            throw new UncheckedIOException(WorkersMessages.cannotStartPayrail(port), e);
        }
    }

    /** The base URL, e.g. {@code http://127.0.0.1:41234}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The gateway behind the server, with its ledger. */
    public SimulatedGateway gateway() {
        return gateway;
    }

    private void charge(HttpExchange exchange) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            respond(exchange, 405, Map.of("error", "POST only"));
            return;
        }
        ChargeRequest request = read(exchange.getRequestBody(), ChargeRequest.class);
        String key = exchange.getRequestHeaders().getFirst(IDEMPOTENCY_KEY);
        key = key != null ? key : request.idempotencyKey();
        if (key == null) {
            respond(exchange, 400, Map.of("error", "an idempotency key is required"));
            return;
        }
        try {
            Charge charge = gateway.charge(key, request.amountCents(), request.paymentToken()).toCompletableFuture().get();
            respond(exchange, 200, charge);
        } catch (ExecutionException e) {
            boolean timeout = e.getCause() instanceof PaymentTimeoutException;
            respond(exchange, timeout ? 504 : 500, Map.of("error", String.valueOf(e.getCause().getMessage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            respond(exchange, 503, Map.of("error", "shutting down"));
        }
    }

    private void voidCharge(HttpExchange exchange) throws IOException {
        VoidRequest request = read(exchange.getRequestBody(), VoidRequest.class);
        String key = exchange.getRequestHeaders().getFirst(IDEMPOTENCY_KEY);
        gateway.voidCharge(key != null ? key : request.idempotencyKey(), request.reason()).toCompletableFuture().join();
        exchange.sendResponseHeaders(204, -1);
        exchange.close();
    }

    private void ledger(HttpExchange exchange) throws IOException {
        respond(exchange, 200, gateway.ledger().snapshot());
    }

    private static <T> T read(InputStream body, Class<T> type) throws IOException {
        try (body) {
            return Json.read(body.readAllBytes(), type);
        }
    }

    private static void respond(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = Json.write(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    /** The body of a charge call. */
    record ChargeRequest(String idempotencyKey, long amountCents, String paymentToken) {
    }

    /** The body of a void call. */
    record VoidRequest(String idempotencyKey, String reason) {
    }
}
