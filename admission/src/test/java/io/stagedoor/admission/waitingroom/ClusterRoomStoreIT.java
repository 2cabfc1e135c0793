package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The room contract on a real three-primary Redis Cluster, through the shared access and the room's guard (no
 * in-process share behind it, so a CROSSSLOT or MOVED error would fail the test rather than be answered locally).
 */
class ClusterRoomStoreIT extends RoomStoreContract {

    private static RedisAccess access;
    private static RoomStore store;

    @BeforeAll
    static void connect() {
        RoomOptions options = RoomOptions.defaults().withKeyNamespace(TestNames.unique("cluster-room"));
        access = RedisAccess.open(RedisEndpoint.cluster(RedisClusterServers.shared().nodes()), OutageSettings.defaults());
        store = new RoomStoreGuard(new RedisRoomStore(access.commands(), options), access.policy(),
                options.outage().commandTimeout(), (call, buyer, reply) -> { });
    }

    @AfterAll
    static void disconnect() {
        access.close();
    }

    @Override
    RoomStore store() {
        return store;
    }

    @Test
    void roomsOfManyEventsAreAnsweredByRedisWhicheverNodeHoldsThem() {
        for (int i = 0; i < 12; i++) {
            assertThat(join(freshEvent(), "b1", OPENS).room().source()).isEqualTo(RoomSource.REDIS);
        }
    }
}
