package io.stagedoor.admission.puzzle;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract on a real three-primary Redis Cluster: one key per solution, on whichever primary owns its slot. */
class ClusterSpentPuzzlesIT extends SpentPuzzlesContract {

    private static RedisAccess one;
    private static RedisAccess two;
    private String namespace;

    @BeforeAll
    static void connect() {
        one = RedisAccess.open(RedisEndpoint.cluster(RedisClusterServers.shared().nodes()), OutageSettings.defaults());
        two = RedisAccess.open(RedisEndpoint.cluster(RedisClusterServers.shared().nodes()), OutageSettings.defaults());
    }

    @AfterAll
    static void disconnect() {
        one.close();
        two.close();
    }

    @Override
    SpentPuzzles store() {
        namespace = TestNames.unique("spent");
        return new RedisSpentPuzzles(one, namespace, Duration.ofSeconds(2));
    }

    @Override
    SpentPuzzles sameStoreElsewhere(SpentPuzzles store) {
        return new RedisSpentPuzzles(two, namespace, Duration.ofSeconds(2));
    }
}
