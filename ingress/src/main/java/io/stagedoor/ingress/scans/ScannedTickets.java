package io.stagedoor.ingress.scans;

import io.lettuce.core.RedisClient;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Which tickets have been scanned: the first scan of a ticket wins. In Redis ({@code SET NX}, one round trip)
 * so every instance and every gate agree; while Redis is unreachable, in this instance's memory, which keeps one
 * gate honest but not two gates on two instances (README says so).
 */
public final class ScannedTickets implements AutoCloseable {

    private static final Duration REMEMBER = Duration.ofDays(2);
    private static final long TIMEOUT_MILLIS = 200;

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final Set<String> local = ConcurrentHashMap.newKeySet();

    private ScannedTickets(RedisClient client, StatefulRedisConnection<String, String> connection) {
        this.client = client;
        this.connection = connection;
    }

    /** Backed by the Redis at {@code redisUri}, or by memory alone when it is null. */
    public static ScannedTickets open(String redisUri) {
        if (redisUri == null) {
            return new ScannedTickets(null, null);
        }
        RedisClient client = RedisClient.create(redisUri);
        try {
            return new ScannedTickets(client, client.connect());
        } catch (RuntimeException unreachable) {
            client.shutdown();
            return new ScannedTickets(null, null);
        }
    }

    /** True for the first scan of {@code ticketId}, false for every later one. */
    public boolean firstScan(String ticketId) {
        if (connection != null) {
            try {
                String answer = connection.async()
                        .set("sd:{scan:" + ticketId + "}", "1", SetArgs.Builder.nx().ex(REMEMBER))
                        .get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                boolean first = "OK".equals(answer);
                local.add(ticketId);
                return first;
            } catch (Exception redisDown) {
                // falls through to this instance's memory
            }
        }
        return local.add(ticketId);
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
        if (client != null) {
            client.shutdown();
        }
    }
}
