package io.stagedoor.harness.demo;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * An office's way out: every request leaves through one proxy that says {@code X-Forwarded-For: <address>}, so the
 * service sees many buyers behind one address. The ingress believes that header only from proxies it is told to
 * trust; either way the hold limits are keyed on the buyer, which is what the office scenario shows.
 */
final class OfficeNetwork extends HttpClient {

    static final String FORWARDED_FOR = "X-Forwarded-For";

    private final HttpClient way;
    private final String address;

    OfficeNetwork(HttpClient way, String address) {
        this.way = way;
        this.address = address;
    }

    String address() {
        return address;
    }

    private HttpRequest forwarded(HttpRequest request) {
        return HttpRequest.newBuilder(request, (name, value) -> !FORWARDED_FOR.equalsIgnoreCase(name))
                .header(FORWARDED_FOR, address).build();
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        return way.send(forwarded(request), handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return way.sendAsync(forwarded(request), handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
                                                            HttpResponse.PushPromiseHandler<T> push) {
        return way.sendAsync(forwarded(request), handler, push);
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return way.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return way.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return way.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return way.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return way.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return way.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return way.authenticator();
    }

    @Override
    public Version version() {
        return way.version();
    }

    @Override
    public Optional<Executor> executor() {
        return way.executor();
    }
}
