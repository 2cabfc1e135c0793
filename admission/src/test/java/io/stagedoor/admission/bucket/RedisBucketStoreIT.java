package io.stagedoor.admission.bucket;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.codec.StringCodec;
import io.stagedoor.testsupport.PrivateRedis;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract against the shared real Redis, plus what only Redis has: expiry, NOSCRIPT, cluster slots. */
class RedisBucketStoreIT extends BucketStoreContract {

    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;
    private static RedisBucketStore store;
    private static String namespace;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(RealServers.redisUri());
        connection = client.connect(StringCodec.UTF8);
        store = RedisBucketStore.on(connection);
        namespace = TestNames.unique("bucket-store");
    }

    @AfterAll
    static void disconnect() {
        connection.close();
        client.shutdown();
    }

    @Override
    BucketStore store() {
        return store;
    }

    @Override
    String freshKey(String name) {
        return BucketKeys.of(namespace, "test", TestNames.unique(name));
    }

    @Test
    void anIdleKeyExpiresAfterTwiceTheTimeToFill() {
        String key = freshKey("expiry");
        take(T0, buyerHold(key));
        // 10 tokens at 1 per 6 s fill in 60 s; the key lives 120 s.
        assertThat(connection.sync().pttl(key)).isBetween(110_000L, 120_000L);
    }

    @Test
    void keepsStateAsTwoIntegers() {
        String key = freshKey("state");
        take(T0, organizerHold(key));
        assertThat(connection.sync().get(key)).isEqualTo((199L * 1_000) + ":" + T0);
    }

    @Test
    void reloadsTheScriptAfterNoScript() {
        try (PrivateRedis redis = PrivateRedis.start()) {
            RedisClient own = RedisClient.create(redis.uri());
            try (StatefulRedisConnection<String, String> ownConnection = own.connect(StringCodec.UTF8)) {
                RedisBucketStore fresh = RedisBucketStore.on(ownConnection);
                BucketRequest hold = buyerHold("sd:{reload}");
                assertThat(fresh.take(List.of(hold), T0).toCompletableFuture().join().admitted()).isTrue();
                ownConnection.sync().scriptFlush();
                BucketOutcome after = fresh.take(List.of(hold), T0).toCompletableFuture().join();
                assertThat(after.keys()).containsExactly(new KeyOutcome(8, 0));
                assertThat(fresh.scriptReloads()).isEqualTo(1);
            } finally {
                own.shutdown();
            }
        }
    }

    @Test
    void keysSplitAcrossSlotsAreRefundedWhenOneSlotRefuses() {
        // A non-cluster Redis accepts any keys, so per-slot grouping can be exercised for real here.
        RedisBucketStore perSlot = new RedisBucketStore(connection.async(), RedisBucketStore.SlotGrouping.PER_SLOT);
        BucketRequest buyer = buyerHold(freshKey("slot-buyer"));
        BucketRequest organizer = organizerHold(freshKey("slot-organizer"));
        assertThat(SlotHash.getSlot(buyer.key())).isNotEqualTo(SlotHash.getSlot(organizer.key()));
        for (int i = 0; i < 200; i++) {
            perSlot.take(List.of(organizer), T0).toCompletableFuture().join();
        }
        BucketOutcome both = perSlot.take(List.of(buyer, organizer), T0).toCompletableFuture().join();
        assertThat(both.admitted()).isFalse();
        assertThat(both.keys().get(0)).isEqualTo(new KeyOutcome(10, 0));
        assertThat(admittedOutOf(11, T0, buyer)).isEqualTo(10);
        BucketOutcome admitted = perSlot.take(List.of(buyerHold(freshKey("slot-b2")), organizerHold(freshKey("slot-o2"))),
                T0).toCompletableFuture().join();
        assertThat(admitted.keys()).containsExactly(new KeyOutcome(9, 0), new KeyOutcome(199, 0));
    }
}
