package io.stagedoor.admission.entryloop;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The contract against the shared real Redis, each test on a namespace of its own. */
class RedisHeadroomBoardIT extends HeadroomBoardContract {

    private static RedisAccess access;

    @BeforeAll
    static void connect() {
        access = RedisAccess.open(RedisEndpoint.of(RealServers.redisUri()), OutageSettings.defaults());
    }

    @AfterAll
    static void disconnect() {
        access.close();
    }

    @Override
    HeadroomBoard board(long[] now) {
        return new RedisHeadroomBoard(access, TestNames.unique("headroom"), Duration.ofSeconds(2));
    }

    /** A reading written into the hash that is not one (a key chosen by someone else) is dropped, not summed. */
    @Test
    void aGarbledReadingIsDroppedNotSummed() throws Exception {
        String namespace = TestNames.unique("garbled");
        HeadroomBoard board = new RedisHeadroomBoard(access, namespace, Duration.ofSeconds(2));
        access.commands().hset(namespace + ":sd:{entry-loop}:headroom", "intruder", "99 x 1 2 3 4")
                .get(5, TimeUnit.SECONDS);
        Headroom sum = board.share("here", new Headroom(1, 20, 0, 0, 0, 1), 1_000_000).toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        assertThat(sum).isEqualTo(new Headroom(1, 20, 0, 0, 0, 1));
        assertThat(access.commands().hexists(namespace + ":sd:{entry-loop}:headroom", "intruder")
                .get(5, TimeUnit.SECONDS)).isFalse();
    }
}
