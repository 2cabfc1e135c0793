package io.stagedoor.bench.gateway;

import io.lettuce.core.RedisClient;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * Empties the Spring Cloud Gateway peer's buckets of many buyers in Redis before a round, so their requests are
 * refused. The {@code RedisRateLimiter}'s keys ({@code request_rate_limiter.{…id}.tokens} and {@code .timestamp};
 * newer versions put the route id inside the braces) are learnt from the peer itself: one buyer is drained over
 * HTTP until a 429, its key found in Redis, and every other buyer's pair written beside it (no tokens, refreshed
 * now by Redis's clock, expiring as the limiter's own keys do). A last buyer is asked once over HTTP to prove it.
 */
final class PeerBuckets {

    /** The limiter's key TTL: twice the time to fill 60 tokens at 1 per second. */
    private static final long TTL_SECONDS = 120;
    private static final int MOST_TRIES = 50;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI holds;

    PeerBuckets(int port, String holdsPath) {
        this.holds = URI.create("http://" + GatewayPeerProcess.HOST + ":" + port + holdsPath);
    }

    /** Drains every buyer in {@code buyers} (at least two); returns how many key pairs it wrote. */
    int drain(String redisUri, List<String> buyers) throws IOException, InterruptedException {
        String probe = buyers.getFirst();
        int tries = 0;
        while (status(probe) != 429) {
            if (++tries > MOST_TRIES) {
                throw new IllegalStateException("the gateway peer never refused buyer " + probe);
            }
        }
        RedisClient client = RedisClient.create(redisUri);
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            RedisCommands<String, String> redis = connection.sync();
            String suffix = probe + "}.tokens";
            List<String> keys = redis.keys("request_rate_limiter.*" + suffix);
            if (keys.size() != 1) {
                throw new IllegalStateException("expected one limiter key ending in " + suffix + ", found " + keys);
            }
            String prefix = keys.getFirst().substring(0, keys.getFirst().length() - suffix.length());
            String now = redis.time().getFirst();
            SetArgs expiring = SetArgs.Builder.ex(TTL_SECONDS);
            for (String buyer : buyers) {
                redis.set(prefix + buyer + "}.tokens", "0", expiring);
                redis.set(prefix + buyer + "}.timestamp", now, expiring);
            }
        } finally {
            client.shutdown();
        }
        String last = buyers.getLast();
        int answer = status(last);
        if (answer != 429) {
            throw new IllegalStateException("buyer " + last + " was drained in Redis but the gateway peer answered "
                    + answer + ": its key format is not " + "request_rate_limiter.{…id}.tokens");
        }
        return buyers.size();
    }

    private int status(String buyer) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(holds).timeout(Duration.ofSeconds(5))
                .header(GatewayPeerProcess.BUYER_HEADER, buyer).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"s1\"]}")).build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
