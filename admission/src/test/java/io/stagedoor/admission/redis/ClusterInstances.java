package io.stagedoor.admission.redis;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.testsupport.RedisClusterServers;

/**
 * Two accesses to the shared three-primary test cluster, as two instances hold theirs: a store's contract runs on
 * {@link #one()} and checks on {@link #two()} that every instance sees the same. Open it in a test class's
 * {@code @BeforeAll} and close it in its {@code @AfterAll}.
 */
public final class ClusterInstances implements AutoCloseable {

    private final RedisAccess one;
    private final RedisAccess two;

    private ClusterInstances() {
        this.one = RedisAccess.open(RedisEndpoint.cluster(RedisClusterServers.shared().nodes()), OutageSettings.defaults());
        this.two = RedisAccess.open(RedisEndpoint.cluster(RedisClusterServers.shared().nodes()), OutageSettings.defaults());
    }

    public static ClusterInstances open() {
        return new ClusterInstances();
    }

    /** The first instance's access. */
    public RedisAccess one() {
        return one;
    }

    /** The second instance's. */
    public RedisAccess two() {
        return two;
    }

    @Override
    public void close() {
        one.close();
        two.close();
    }
}
