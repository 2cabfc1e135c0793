package io.stagedoor.harness.demo;

import io.stagedoor.embedded.EmbeddedRedis;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * Stops the embedded Redis for a while and starts it again on the same port, empty (it keeps nothing on disk):
 * buckets, rooms and all. Remembers when, so the report can tell what the fallbacks decided in between.
 */
final class RedisOutage {

    private final EmbeddedRedis redis;
    private final CrowdTally tally;
    private Thread player;
    private volatile Instant stoppedAt;
    private volatile Instant startedAt;

    private RedisOutage(EmbeddedRedis redis, CrowdTally tally) {
        this.redis = redis;
        this.tally = tally;
    }

    /** On its own thread: waits until {@code at}, stops Redis, waits {@code length}, starts it. */
    static RedisOutage play(EmbeddedRedis redis, CrowdTally tally, Instant at, Duration length) {
        RedisOutage outage = new RedisOutage(redis, tally);
        outage.player = Thread.ofVirtual().name("demo-redis-outage").start(() -> {
            try {
                outage.stopAndStart(at, length);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return outage;
    }

    /** Returns once Redis is running again. */
    void awaitEnd() {
        try {
            player.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stopAndStart(Instant at, Duration length) throws InterruptedException {
        long until = Duration.between(Instant.now(), at).toNanos();
        if (until > 0) {
            TimeUnit.NANOSECONDS.sleep(until);
        }
        stoppedAt = Instant.now();
        redis.stop();
        tally.phase(Phase.REDIS_DOWN);
        try {
            TimeUnit.NANOSECONDS.sleep(length.toNanos());
        } finally {
            redis.start();
            startedAt = Instant.now();
            tally.phase(Phase.ON_SALE);
        }
    }

    Instant stoppedAt() {
        return stoppedAt;
    }

    Instant startedAt() {
        return startedAt;
    }

    /** Whether {@code at} fell while Redis was down, or in the {@code recovery} after (the breaker's probe). */
    boolean covers(Instant at, Duration recovery) {
        Instant from = stoppedAt;
        Instant to = startedAt == null ? Instant.MAX : startedAt.plus(recovery);
        return from != null && !at.isBefore(from) && !at.isAfter(to);
    }
}
