package io.stagedoor.admission.parking;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The rule on a real three-primary Redis Cluster, reached by two connections as two instances would. */
class RedisAddressCrowdsIT extends AddressCrowdsContract {

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
    CrowdCounts counts() {
        namespace = TestNames.unique("crowds");
        return new RedisCrowdCounts(one, namespace, Duration.ofSeconds(2));
    }

    @Override
    CrowdCounts elsewhere(CrowdCounts counts) {
        return new RedisCrowdCounts(two, namespace, Duration.ofSeconds(2));
    }
}
