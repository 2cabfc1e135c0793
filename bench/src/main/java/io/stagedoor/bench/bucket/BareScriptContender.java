package io.stagedoor.bench.bucket;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.StringCodec;
import io.stagedoor.admission.bucket.BucketKeys;
import io.stagedoor.admission.limit.LimitPolicy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The same Lua script, one EVALSHA per decision straight through Lettuce (no refusal cache, no breaker, no
 * metrics, no coalescing): what a plain use of the script costs, against which our wrapper is measured.
 */
final class BareScriptContender implements BucketContender {

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final RedisAsyncCommands<String, String> commands;
    private final String sha;
    private final String[] args;

    BareScriptContender(String redisUri, LimitPolicy policy) {
        this.client = RedisClient.create(redisUri);
        this.connection = client.connect(StringCodec.UTF8);
        this.commands = connection.async();
        this.sha = connection.sync().scriptLoad(script());
        long period = policy.refillPeriodMillis();
        // One decision of one key: the caller's clock as the call's base, one profile of one key (capacity, rate and
        // cost in units), then the decision: offset 0, profile 0.
        this.args = new String[] {"0", "1", "1", Long.toString(policy.capacity() * period),
                Long.toString(policy.refillTokens()), Long.toString(period), "0"};
    }

    private static String script() {
        try (InputStream in = BareScriptContender.class.getResourceAsStream("/io/stagedoor/admission/bucket/bucket.lua")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String name() {
        return "bare-script";
    }

    @Override
    public CompletableFuture<Boolean> decide(String key) {
        String[] call = args.clone();
        call[0] = Long.toString(System.currentTimeMillis());
        CompletableFuture<List<Long>> reply = commands.<List<Long>>evalsha(sha, ScriptOutputType.MULTI,
                new String[] {BucketKeys.of("bench-bare", "bench", key)}, call).toCompletableFuture();
        // Admitted: the units left (never negative); refused: -1 - units, then the wait.
        return reply.thenApply(values -> values.get(0) >= 0);
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
