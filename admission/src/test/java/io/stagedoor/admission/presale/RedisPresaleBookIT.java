package io.stagedoor.admission.presale;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract on a real three-primary Redis Cluster, reached by two connections as two instances would. */
class RedisPresaleBookIT extends PresaleBookContract {

    private static RedisAccess one;
    private static RedisAccess two;
    private String namespace;
    private int most;

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
    PresaleBook book(int bound) {
        namespace = TestNames.unique("presale");
        most = bound;
        return new RedisPresaleBook(one, namespace, bound, Duration.ofMinutes(5), Duration.ofSeconds(2));
    }

    @Override
    PresaleBook elsewhere(PresaleBook book) {
        return new RedisPresaleBook(two, namespace, most, Duration.ofMinutes(5), Duration.ofSeconds(2));
    }
}
