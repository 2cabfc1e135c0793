package io.stagedoor.admission.waitingroom;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The queueing-method contract against the shared real Redis. */
class RedisQueueingMethodIT extends QueueingMethodContract {

    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;
    private static RedisRoomStore store;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(RealServers.redisUri());
        connection = client.connect(StringCodec.UTF8);
        store = new RedisRoomStore(connection.async(), RoomOptions.defaults().withKeyNamespace(TestNames.unique("method")));
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
}
