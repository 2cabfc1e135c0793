package io.stagedoor.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.Objects;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Everything a {@link StagedoorClient} is made of; build one with {@link StagedoorClient#builder()}, which documents
 * the defaults.
 *
 * @param baseUri         where the service is, e.g. {@code http://127.0.0.1:8080}
 * @param httpClient      the JDK client that sends every request
 * @param clock           measures deadlines, waits and elapsed times
 * @param sleeper         waits between attempts without holding a thread
 * @param retryPolicy     the policy for calls that bring none of their own
 * @param listener        hears every retry and every finished call
 * @param idempotencyKeys makes an {@code Idempotency-Key} for a logical POST whose caller gave none
 * @param jitter          numbers in [0, 1) that spread backoffs
 */
public record ClientSettings(URI baseUri, HttpClient httpClient, Clock clock, Sleeper sleeper,
                             RetryPolicy retryPolicy, CallListener listener, Supplier<String> idempotencyKeys,
                             DoubleSupplier jitter) {

    public ClientSettings {
        Objects.requireNonNull(baseUri, ClientMessages.BASE_URI_REQUIRED);
        if (!baseUri.isAbsolute() || !("http".equals(baseUri.getScheme()) || "https".equals(baseUri.getScheme()))) {
            throw new IllegalArgumentException(ClientMessages.baseUriNotHttp(baseUri));
        }
        Objects.requireNonNull(httpClient, "httpClient");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(sleeper, "sleeper");
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(idempotencyKeys, "idempotencyKeys");
        Objects.requireNonNull(jitter, "jitter");
    }
}
