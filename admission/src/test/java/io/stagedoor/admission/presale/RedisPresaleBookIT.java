package io.stagedoor.admission.presale;

import io.stagedoor.admission.redis.ClusterInstances;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract on a real three-primary Redis Cluster, reached by two connections as two instances would. */
class RedisPresaleBookIT extends PresaleBookContract {

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
    PresaleBook book(int bound) {
        namespace = TestNames.unique("presale");
        most = bound;
        return new RedisPresaleBook(instances.one(), namespace, bound, Duration.ofMinutes(5), Duration.ofSeconds(2));
    }

    @Override
    PresaleBook elsewhere(PresaleBook book) {
        return new RedisPresaleBook(instances.two(), namespace, most, Duration.ofMinutes(5), Duration.ofSeconds(2));
    }
}
