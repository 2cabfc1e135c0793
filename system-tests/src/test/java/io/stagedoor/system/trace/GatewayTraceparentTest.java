package io.stagedoor.system.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.stagedoor.workers.payment.HttpPaymentGateway;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The payment gateway is called in the payment's trace: its request carries the caller's span as traceparent. */
class GatewayTraceparentTest {

    private final CompletableFuture<String> sent = new CompletableFuture<>();
    private HttpServer gateway;
    private OpenTelemetrySdk sdk;

    @BeforeEach
    void start() throws Exception {
        gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/", exchange -> {
            sent.complete(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        gateway.start();
        sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(InMemorySpanExporter.create())).build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build();
        GlobalOpenTelemetry.resetForTest();
        GlobalOpenTelemetry.set(sdk);
    }

    @AfterEach
    void stop() {
        gateway.stop(0);
        GlobalOpenTelemetry.resetForTest();
        sdk.close();
    }

    @Test
    void aChargeCarriesTheCallersSpanAsTraceparent() throws Exception {
        HttpPaymentGateway client = new HttpPaymentGateway(
                URI.create("http://127.0.0.1:" + gateway.getAddress().getPort()), Duration.ofSeconds(2));
        Span payment = GlobalOpenTelemetry.getTracer("test").spanBuilder("pay").startSpan();
        try (Scope ignored = payment.makeCurrent()) {
            client.charge("key-1", 1_000, "tok_ok");
        } finally {
            payment.end();
        }
        // version, trace id, parent id, then the flags (sampled, and the W3C level 2 "random" bit)
        assertThat(sent.get(10, TimeUnit.SECONDS)).startsWith("00-" + payment.getSpanContext().getTraceId() + "-"
                + payment.getSpanContext().getSpanId() + "-");
    }
}
