package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.admission.redis.RedisStartFailure;
import io.stagedoor.testsupport.RedisClusterServers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An instance pointed at a real three-primary Redis Cluster whose last 100 slots belong to nobody does not start:
 * every decision on a key in those slots would fail open from the first request.
 */
class PartialClusterIT {

    @Test
    void anIngressRefusesToStartOnAClusterThatDoesNotServeEverySlot() {
        try (RedisClusterServers partial = RedisClusterServers.startWithUnassignedSlots(3, 100, List.of())) {
            assertThatThrownBy(() -> IngressFixture.start(b -> b.redisUri(null).redisCluster(partial.nodes())).close())
                    .isInstanceOf(RedisStartFailure.class)
                    .hasMessageContaining("serves 16284 of its 16384 slots (cluster_state:fail)");
        }
    }
}
