package io.stagedoor.admission.bucket;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Token buckets in this process, with the arithmetic of {@link BucketArithmetic} (the same as the Redis
 * script). Used for single-instance mode and as the fallback of limits that must keep limiting while Redis is
 * down. Memory is bounded: idle keys expire after twice their time to fill, and the number of keys is capped
 * (an evicted key comes back full, which errs towards admitting).
 */
public final class InProcessBucketStore implements BucketStore {

    private record Level(long units, long stampMillis, long idleMillis) {
    }

    private final Cache<String, Level> levels;
    // One lock for the whole read-decide-write over several keys: the critical section is a few hundred
    // nanoseconds, and a single lock cannot deadlock however keys are ordered.
    private final ReentrantLock lock = new ReentrantLock();

    /** @param maxKeys buckets held at most; the least recently used go first */
    public InProcessBucketStore(long maxKeys) {
        this.levels = Caffeine.newBuilder()
                .maximumSize(maxKeys)
                .expireAfter(new Expiry<String, Level>() {
                    @Override
                    public long expireAfterCreate(String key, Level level, long now) {
                        return TimeUnit.MILLISECONDS.toNanos(level.idleMillis());
                    }

                    @Override
                    public long expireAfterUpdate(String key, Level level, long now, long remaining) {
                        return TimeUnit.MILLISECONDS.toNanos(level.idleMillis());
                    }

                    @Override
                    public long expireAfterRead(String key, Level level, long now, long remaining) {
                        return remaining;
                    }
                })
                .build();
    }

    @Override
    public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
        lock.lock();
        try {
            return CompletableFuture.completedFuture(decide(requests, nowMillis));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public CompletionStage<Void> refund(List<BucketRequest> requests) {
        lock.lock();
        try {
            for (BucketRequest bucket : requests) {
                levels.asMap().computeIfPresent(bucket.key(), (key, saved) -> new Level(
                        Math.min(saved.units() + bucket.costUnits(), bucket.capacityUnits()), saved.stampMillis(),
                        saved.idleMillis()));
            }
            return CompletableFuture.completedFuture(null);
        } finally {
            lock.unlock();
        }
    }

    private BucketOutcome decide(List<BucketRequest> requests, long nowMillis) {
        int count = requests.size();
        long[] level = new long[count];
        long[] stamp = new long[count];
        List<KeyOutcome> keys = new ArrayList<>(count);
        boolean admitted = true;
        for (int i = 0; i < count; i++) {
            BucketRequest bucket = requests.get(i);
            Level saved = levels.getIfPresent(bucket.key());
            level[i] = saved == null ? bucket.capacityUnits()
                    : BucketArithmetic.refilled(bucket, saved.units(), saved.stampMillis(), nowMillis);
            stamp[i] = saved == null ? nowMillis : BucketArithmetic.stamp(saved.stampMillis(), nowMillis);
            long wait = BucketArithmetic.waitMillis(bucket, level[i], stamp[i], nowMillis);
            admitted &= wait == 0;
            keys.add(new KeyOutcome(bucket.wholeTokens(level[i]), wait));
        }
        if (!admitted) {
            return new BucketOutcome(false, keys);
        }
        for (int i = 0; i < count; i++) {
            BucketRequest bucket = requests.get(i);
            long after = level[i] - bucket.costUnits();
            levels.put(bucket.key(), new Level(after, stamp[i], BucketArithmetic.idleMillis(bucket)));
            keys.set(i, new KeyOutcome(bucket.wholeTokens(after), 0));
        }
        return new BucketOutcome(true, keys);
    }

    /** Number of buckets currently held (approximate, for tests and gauges). */
    public long size() {
        levels.cleanUp();
        return levels.estimatedSize();
    }
}
