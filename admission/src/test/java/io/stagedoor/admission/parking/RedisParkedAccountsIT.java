package io.stagedoor.admission.parking;

import io.stagedoor.admission.redis.ClusterInstances;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract on a real three-primary Redis Cluster, reached by two connections as two instances would. */
class RedisParkedAccountsIT extends ParkedAccountsContract {

    private static ClusterInstances instances;
    private String namespace;
    private int most;

    @BeforeAll
    static void connect() {
        instances = ClusterInstances.open();
    }

    @AfterAll
    static void disconnect() {
        instances.close();
    }

    @Override
    ParkedAccounts accounts(int bound) {
        namespace = TestNames.unique("parked");
        most = bound;
        return new RedisParkedAccounts(instances.one(), namespace, bound, Duration.ofMinutes(5), Duration.ofSeconds(2));
    }

    @Override
    ParkedAccounts elsewhere(ParkedAccounts accounts) {
        return new RedisParkedAccounts(instances.two(), namespace, most, Duration.ofMinutes(5), Duration.ofSeconds(2));
    }
}
