package io.stagedoor.admission.puzzle;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** What every {@link SpentPuzzles} promises, run against each implementation. */
abstract class SpentPuzzlesContract {

    /** A store of its own for each test (and a second view of the same store, as another instance sees it). */
    abstract SpentPuzzles store();

    /** The same store as another instance reaches it; {@link #store()} itself where there is one process only. */
    SpentPuzzles sameStoreElsewhere(SpentPuzzles store) {
        return store;
    }

    private static Duration inAMinute() {
        return Duration.ofMinutes(1);
    }

    private static boolean spend(SpentPuzzles store, String id, Duration keptFor) throws Exception {
        return store.spend(id, keptFor).toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    @Test
    void aSolutionIsSpentOnceAndOnlyOnce() throws Exception {
        SpentPuzzles store = store();
        String id = TestNames.unique("once");
        assertThat(spend(store, id, inAMinute())).isTrue();
        assertThat(spend(store, id, inAMinute())).isFalse();
        assertThat(spend(sameStoreElsewhere(store), id, inAMinute())).as("on another instance").isFalse();
        assertThat(spend(store, TestNames.unique("other"), inAMinute())).as("another solution").isTrue();
    }

    /** Many joins race to spend one solution on two instances: exactly one wins. */
    @RepeatedTest(5)
    void racingSpendsOfOneSolutionLetOneIn() throws Exception {
        SpentPuzzles store = store();
        SpentPuzzles elsewhere = sameStoreElsewhere(store);
        String id = TestNames.unique("race");
        int racers = 32;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Boolean>> wins = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                SpentPuzzles via = i % 2 == 0 ? store : elsewhere;
                wins.add(threads.submit(() -> {
                    start.await();
                    return spend(via, id, inAMinute());
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> win : wins) {
                won += win.get(10, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aForgottenSolutionMaySpendAgain() throws Exception {
        SpentPuzzles store = store();
        String id = TestNames.unique("given-back");
        assertThat(spend(store, id, inAMinute())).isTrue();
        store.forget(id).toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(spend(store, id, inAMinute())).isTrue();
    }

    /** An entry lives as long as its challenge, no longer: the store never holds more than one lifetime of joins. */
    @Test
    void anEntryIsGoneOnceItsChallengeExpired() throws Exception {
        SpentPuzzles store = store();
        String id = TestNames.unique("expiring");
        long until = System.currentTimeMillis() + 300;
        assertThat(spend(store, id, Duration.ofMillis(300))).isTrue();
        assertThat(spend(store, id, inAMinute())).as("still within its lifetime").isFalse();
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> spend(store, id, inAMinute()));
        assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(until);
    }
}
