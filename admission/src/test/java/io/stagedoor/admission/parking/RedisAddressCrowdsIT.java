package io.stagedoor.admission.parking;

import io.stagedoor.admission.redis.ClusterInstances;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The rule on a real three-primary Redis Cluster, reached by two connections as two instances would. */
class RedisAddressCrowdsIT extends AddressCrowdsContract {

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
    CrowdCounts counts() {
        namespace = TestNames.unique("crowds");
        return new RedisCrowdCounts(instances.one(), namespace, Duration.ofSeconds(2));
    }

    @Override
    CrowdCounts elsewhere(CrowdCounts counts) {
        return new RedisCrowdCounts(instances.two(), namespace, Duration.ofSeconds(2));
    }
}
