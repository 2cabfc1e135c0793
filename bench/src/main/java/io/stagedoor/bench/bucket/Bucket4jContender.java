package io.stagedoor.bench.bucket;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.RedisClient;
import io.stagedoor.admission.limit.LimitPolicy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Bucket4j 8.14's Lettuce proxy manager with its default (compare-and-swap) strategy: read the state, compute,
 * write it back if unchanged, retry otherwise. The peer the issue measures us against.
 */
final class Bucket4jContender implements BucketContender {

    private final RedisClient client;
    private final AsyncProxyManager<byte[]> buckets;
    private final CompletableFuture<BucketConfiguration> configuration;

    Bucket4jContender(String redisUri, LimitPolicy policy) {
        this.client = RedisClient.create(redisUri);
        this.buckets = Bucket4jLettuce.casBasedBuilder(client)
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                        policy.timeToFill()))
                .build()
                .asAsync();
        this.configuration = CompletableFuture.completedFuture(BucketConfiguration.builder()
                .addLimit(limit -> limit.capacity(policy.capacity())
                        .refillGreedy(policy.refillTokens(), policy.refillPeriod()))
                .build());
    }

    @Override
    public String name() {
        return "bucket4j";
    }

    @Override
    public CompletableFuture<Boolean> decide(String key) {
        byte[] id = ("bench-b4j:" + key).getBytes(StandardCharsets.UTF_8);
        return buckets.builder().build(id, () -> configuration).tryConsume(1);
    }

    @Override
    public void close() {
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
}
