package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.codec.StringCodec;
import io.stagedoor.testsupport.PrivateRedis;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The contract against the shared real Redis, plus what only Redis has: key slots, expiry, NOSCRIPT. */
class RedisRoomStoreIT extends RoomStoreContract {

    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;
    private static RedisRoomStore store;
    private static String namespace;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(RealServers.redisUri());
        connection = client.connect(StringCodec.UTF8);
        namespace = TestNames.unique("room-store");
        store = new RedisRoomStore(connection.async(), RoomOptions.defaults().withKeyNamespace(namespace));
    }

    @AfterAll
    static void disconnect() {
        connection.close();
        client.shutdown();
    }

    @Override
    RoomStore store() {
        return store;
    }

    @Test
    void oneEventsKeysShareOneSlotAndExpireWhenIdle() {
        String event = freshEvent();
        join(event, "b1", OPENS);
        String[] keys = RoomKeys.of(namespace, event);
        assertThat(Arrays.stream(keys).mapToInt(SlotHash::getSlot).distinct().count()).isEqualTo(1);
        assertThat(connection.sync().pttl(keys[0])).isBetween(47L * 3_600_000, 48L * 3_600_000);
    }

    @Test
    void aFlushedScriptIsSentAgain() {
        // A Redis of its own: flushing the shared one's scripts would make other suites' reload counts lie.
        try (PrivateRedis own = PrivateRedis.start()) {
            RedisClient ownClient = RedisClient.create(own.uri());
            try (StatefulRedisConnection<String, String> ownConnection = ownClient.connect(StringCodec.UTF8)) {
                RedisRoomStore ownStore = new RedisRoomStore(ownConnection.async(), RoomOptions.defaults());
                ownStore.join(at("e", OPENS), "b1", "t-b1").toCompletableFuture().join();
                ownConnection.sync().scriptFlush();
                RoomReply again = ownStore.join(at("e", OPENS), "b2", "t-b2").toCompletableFuture().join();
                assertThat(again.ticket().orElseThrow().position()).isEqualTo(2);
                assertThat(ownStore.scriptReloads()).isEqualTo(1);
            } finally {
                ownClient.shutdown();
            }
        }
    }
}
