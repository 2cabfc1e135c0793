package io.stagedoor.client.internal;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;

/** Builds the client's requests: the headers each route needs, one place. HttpRequests are immutable and resendable. */
public final class Requests {

    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    public static final String WAITING_ROOM_PASS = "X-Waiting-Room-Pass";
    public static final String PREFER = "Prefer";
    public static final String PREFERENCE_APPLIED = "Preference-Applied";
    public static final String RETRY_AFTER = "Retry-After";
    private static final String ACCEPT = "application/json, application/problem+json";

    private Requests() {
    }

    /** A JSON POST; {@code token}, {@code idempotencyKey} and {@code pass} are left out when null. */
    public static HttpRequest post(URI uri, String token, Object body, String idempotencyKey, String pass,
                                   Duration timeout) {
        return post(uri, token, body, idempotencyKey, pass, Map.of(), timeout);
    }

    /** A POST carrying {@code headers} besides (a join's presale code and puzzle solution). */
    public static HttpRequest post(URI uri, String token, Object body, String idempotencyKey, String pass,
                                   Map<String, String> headers, Duration timeout) {
        HttpRequest.Builder builder = base(uri, token, timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(ClientJson.write(body)));
        if (idempotencyKey != null) {
            builder.header(IDEMPOTENCY_KEY, idempotencyKey);
        }
        if (pass != null) {
            builder.header(WAITING_ROOM_PASS, pass);
        }
        headers.forEach(builder::header);
        return builder.build();
    }

    /** A GET; with {@code waitSeconds} ≥ 0 a long poll ({@code Prefer: wait=N}) whose timeout covers the wait. */
    public static HttpRequest get(URI uri, String token, long waitSeconds, Duration timeout) {
        HttpRequest.Builder builder = base(uri, token, timeout.plusSeconds(Math.max(waitSeconds, 0))).GET();
        if (waitSeconds >= 0) {
            builder.header(PREFER, "wait=" + waitSeconds);
        }
        return builder.build();
    }

    /** A DELETE. */
    public static HttpRequest delete(URI uri, String token, Duration timeout) {
        return base(uri, token, timeout).DELETE().build();
    }

    private static HttpRequest.Builder base(URI uri, String token, Duration timeout) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", ACCEPT);
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }
}
