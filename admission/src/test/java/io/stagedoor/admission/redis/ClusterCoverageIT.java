package io.stagedoor.admission.redis;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.testsupport.RedisClusterServers;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real three-primary cluster whose last 100 slots belong to nobody: the access refuses to open on it, whether the
 * cluster says so ({@code cluster_state:fail}, the default) or says {@code ok} because it was told not to require
 * full coverage.
 */
class ClusterCoverageIT {

    @ParameterizedTest
    @ValueSource(strings = {"yes", "no"})
    void aClusterWithUnassignedSlotsIsRefusedAtStart(String requireFullCoverage) {
        try (RedisClusterServers partial = RedisClusterServers.startWithUnassignedSlots(3, 100,
                List.of("cluster-require-full-coverage " + requireFullCoverage))) {
            RedisEndpoint endpoint = RedisEndpoint.cluster(partial.nodes());

            assertThatThrownBy(() -> RedisAccess.open(endpoint,
                    OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1))).close())
                    .isInstanceOf(RedisStartFailure.class)
                    .hasMessageStartingWith("the Redis Cluster at " + endpoint + " serves 16284 of its 16384 slots");
        }
    }
}
