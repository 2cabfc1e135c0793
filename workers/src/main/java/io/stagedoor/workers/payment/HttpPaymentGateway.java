package io.stagedoor.workers.payment;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkersMessages;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import io.opentelemetry.context.Context;
import io.stagedoor.topics.trace.Traces;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;

/**
 * A payment gateway over HTTP with Payrail's API (see {@link PayrailServer}): the correlation id travels as
 * the {@code Idempotency-Key}, every request has a timeout, and a circuit breaker stops calling a gateway that
 * keeps failing or timing out (a declined card is an answer, not a failure). While the breaker is open a
 * charge fails at once with {@code CallNotPermittedException}; nothing was charged.
 */
public final class HttpPaymentGateway implements PaymentGateway {

    private final URI base;
    private final Duration requestTimeout;
    private final HttpClient client;
    private final CircuitBreaker breaker;

    /**
     * @param base           the gateway's base URL, e.g. {@code http://127.0.0.1:8090}
     * @param requestTimeout how long one request may take (connect included)
     */
    public HttpPaymentGateway(URI base, Duration requestTimeout) {
        this.base = base;
        this.requestTimeout = requestTimeout;
        this.client = HttpClient.newBuilder()
                .connectTimeout(requestTimeout)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
        this.breaker = CircuitBreaker.of("payment-gateway", CircuitBreakerConfig.custom()
                .slidingWindowSize(20)
                .minimumNumberOfCalls(10)
                .failureRateThreshold(50)
                .waitDurationInOpenState(Duration.ofSeconds(5))
                .build());
    }

    /** The breaker, for metrics and tests. */
    public CircuitBreaker circuitBreaker() {
        return breaker;
    }

    @Override
    public CompletionStage<Charge> charge(String idempotencyKey, long amountCents, String paymentToken) {
        byte[] body = Json.write(new PayrailServer.ChargeRequest(idempotencyKey, amountCents, paymentToken));
        return breaker.executeCompletionStage(() -> post("/v1/charges", idempotencyKey, body)
                .thenApply(response -> switch (response.statusCode()) {
                    case 200 -> Json.read(response.body(), Charge.class);
                    case 504, 408 -> throw new PaymentTimeoutException(WorkersMessages.chargeTimedOut(idempotencyKey));
                    default -> throw new IllegalStateException(
                            WorkersMessages.chargeRefused(response.statusCode(), idempotencyKey));
                }));
    }

    @Override
    public CompletionStage<Void> voidCharge(String idempotencyKey, String reason) {
        byte[] body = Json.write(new PayrailServer.VoidRequest(idempotencyKey, reason));
        return breaker.executeCompletionStage(() -> post("/v1/voids", idempotencyKey, body)
                .thenApply(response -> {
                    if (response.statusCode() / 100 != 2) {
                        throw new IllegalStateException(
                                WorkersMessages.voidRefused(response.statusCode(), idempotencyKey));
                    }
                    return null;
                }));
    }

    private CompletableFuture<HttpResponse<byte[]>> post(String path, String idempotencyKey, byte[] body) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path))
                .timeout(requestTimeout)
                .header("Content-Type", "application/json")
                .header(PayrailServer.IDEMPOTENCY_KEY, idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        // the caller's span (the payment's) goes to the gateway as traceparent; nothing while tracing is off
        Traces.propagator().inject(Context.current(), builder, HttpRequest.Builder::header);
        HttpRequest request = builder.build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                .exceptionally(error -> {
                    Throwable cause = error instanceof CompletionException ? error.getCause() : error;
                    if (cause instanceof HttpTimeoutException) {
                        throw new PaymentTimeoutException(WorkersMessages.noGatewayAnswer(requestTimeout));
                    }
                    throw error instanceof CompletionException completion ? completion : new CompletionException(error);
                });
    }
}
