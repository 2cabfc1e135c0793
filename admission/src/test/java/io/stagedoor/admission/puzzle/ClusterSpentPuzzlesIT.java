package io.stagedoor.admission.puzzle;

import io.stagedoor.admission.redis.ClusterInstances;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract on a real three-primary Redis Cluster: one key per solution, on whichever primary owns its slot. */
class ClusterSpentPuzzlesIT extends SpentPuzzlesContract {

    private static ClusterInstances instances;
    private String namespace;

    @BeforeAll
    static void connect() {
        instances = ClusterInstances.open();
    }

    @AfterAll
    static void disconnect() {
        instances.close();
    }

    @Override
    SpentPuzzles store() {
        namespace = TestNames.unique("spent");
        return new RedisSpentPuzzles(instances.one(), namespace, Duration.ofSeconds(2));
    }

    @Override
    SpentPuzzles sameStoreElsewhere(SpentPuzzles store) {
        return new RedisSpentPuzzles(instances.two(), namespace, Duration.ofSeconds(2));
    }
}
