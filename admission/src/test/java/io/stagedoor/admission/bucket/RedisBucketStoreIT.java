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

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
        RedisBucketStore perSlot = new RedisBucketStore(connection.async(), RedisBucketStore.SlotGrouping.PER_SLOT,
                CallCoalescing.none());
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

    /** A coalescing store with one call out at a time: its calls reach Redis in the order they were made. */
    private static RedisBucketStore oneCallOut() {
        return RedisBucketStore.on(connection, new CallCoalescing(1, 64, 16_384));
    }

    /** Each reply equals what the in-process twin answers for the same takes, one by one, in the order sent. */
    private static void assertDecidedOneByOne(List<List<BucketRequest>> sent, List<Long> clocks,
                                              List<CompletableFuture<BucketOutcome>> replies) {
        InProcessBucketStore oneByOne = new InProcessBucketStore(100);
        for (int i = 0; i < sent.size(); i++) {
            BucketOutcome expected = oneByOne.take(sent.get(i), clocks.get(i)).toCompletableFuture().join();
            assertThat(replies.get(i).join()).as("take %d", i).isEqualTo(expected);
        }
    }

    @Test
    void takesSentTogetherShareCallsAndAreDecidedAsIfOneByOne() {
        // 2,000 takes on 6 keys of mixed shapes, costs and clocks (some behind the stored time), all sent before
        // any reply: the coalesced calls must answer exactly what the same takes answer one by one in process.
        // One call out at a time, so the calls reach Redis in the order they were made: with two out, a call
        // made on the I/O thread can overtake one a moment older (see TakeCoalescer), and the order to compare
        // with is no longer the order sent.
        RedisBucketStore store = oneCallOut();
        Random random = new Random(42);
        List<String> keys = List.of(freshKey("c0"), freshKey("c1"), freshKey("c2"), freshKey("c3"), freshKey("c4"),
                freshKey("c5"));
        long callsBefore = store.calls();
        List<List<BucketRequest>> sent = new ArrayList<>();
        List<Long> clocks = new ArrayList<>();
        List<CompletableFuture<BucketOutcome>> replies = new ArrayList<>();
        long now = T0;
        for (int i = 0; i < 2_000; i++) {
            now += random.nextInt(400) - 100;
            int first = random.nextInt(keys.size());
            List<BucketRequest> requests = random.nextBoolean()
                    ? List.of(new BucketRequest(keys.get(first), 10, 1, 6_000, 1 + random.nextInt(3)))
                    : List.of(buyerHold(keys.get(first)), organizerHold(keys.get((first + 1) % keys.size())));
            sent.add(requests);
            clocks.add(now);
            replies.add(store.take(requests, now).toCompletableFuture());
        }
        assertDecidedOneByOne(sent, clocks, replies);
        assertThat(store.calls() - callsBefore).isLessThan(1_000);
    }

    @Test
    void takesWhoseClocksLieTooFarApartForOneCallAreStillDecidedExactly() {
        // A call sends each clock as an offset times the number of profiles, which must stay below 2^53 for Lua:
        // eight profiles and clocks 2^51 ms apart do not fit, so the store splits the call, in order. One call
        // out at a time, as above, so the order sent is the order to compare with.
        RedisBucketStore store = oneCallOut();
        long far = T0 + (1L << 51);
        String shared = freshKey("far-shared");
        List<List<BucketRequest>> sent = new ArrayList<>();
        List<Long> clocks = new ArrayList<>();
        List<CompletableFuture<BucketOutcome>> replies = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            List<BucketRequest> requests = List.of(new BucketRequest(shared, 40, 1, 6_000, 1 + i % 8));
            long now = i % 3 == 0 ? far : T0 + i;
            sent.add(requests);
            clocks.add(now);
            replies.add(store.take(requests, now).toCompletableFuture());
        }
        assertDecidedOneByOne(sent, clocks, replies);
    }

    @Test
    void concurrentCallersThroughOneCoalescingStoreAdmitExactlyTheCapacity() throws Exception {
        for (int round = 0; round < 20; round++) {
            BucketRequest hold = buyerHold(freshKey("coalesced-burst"));
            int callers = 64;
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<BucketOutcome>> replies = new ArrayList<>();
            try (ExecutorService threads = Executors.newFixedThreadPool(16)) {
                List<Future<CompletableFuture<BucketOutcome>>> sends = new ArrayList<>();
                for (int i = 0; i < callers; i++) {
                    sends.add(threads.submit(() -> {
                        start.await();
                        return store.take(List.of(hold), T0).toCompletableFuture();
                    }));
                }
                start.countDown();
                for (Future<CompletableFuture<BucketOutcome>> send : sends) {
                    replies.add(send.get());
                }
            }
            long admitted = replies.stream().map(CompletableFuture::join).filter(BucketOutcome::admitted).count();
            assertThat(admitted).as("round %d", round).isEqualTo(10);
        }
    }
}
