package io.stagedoor.client;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Clients for tests: on fake time unless a test measures real time. */
final class TestClients {

    static final String TOKEN = "buyer-8812-token";
    static final String EVENT = "stagedoor-live";
    static final List<String> SEATS = List.of("A-1", "A-2");
    /** One JDK client for every fake-time test client, as an application would share one. */
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private TestClients() {
    }

    static StagedoorClient.Builder onFakeTime(ScriptedPeer peer, FakeTime time) {
        return StagedoorClient.builder().baseUri(peer.uri()).httpClient(HTTP).clock(time).sleeper(time.sleeper())
                .jitter(() -> 0.0);
    }

    static StagedoorClient onFakeTime(ScriptedPeer peer, FakeTime time, RetryPolicy policy) {
        return onFakeTime(peer, time).retryPolicy(policy).build();
    }

    /** The future's value, failing the test instead of hanging when it does not come. */
    static <T> T get(CompletableFuture<T> future) {
        try {
            return future.get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static Duration between(ScriptedPeer.Arrival first, ScriptedPeer.Arrival second) {
        return Duration.ofNanos(second.nanos() - first.nanos());
    }
}
