package io.stagedoor.admission.parking;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * One suite for every store of parked accounts: one reason per account, seen by every instance, released for all,
 * bounded, events apart.
 */
abstract class ParkedAccountsContract {

    /** A store holding at most {@code most} accounts. */
    abstract ParkedAccounts accounts(int most);

    /** The same store as another instance reaches it. */
    abstract ParkedAccounts elsewhere(ParkedAccounts accounts);

    private final String event = TestNames.unique("parked");

    private static <T> T done(java.util.concurrent.CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    @Test
    void anAccountIsParkedOnceAndKeepsItsFirstReasonOnEveryInstance() {
        ParkedAccounts here = accounts(100);
        ParkedAccounts there = elsewhere(here);

        assertThat(done(here.park(event, "acct-1", "first"))).isTrue();
        assertThat(done(there.park(event, "acct-1", "second"))).isFalse();
        assertThat(done(there.reasonOf(event, "acct-1"))).contains("first");
        assertThat(done(here.reasonOf(event, "acct-2"))).isEmpty();
    }

    @Test
    void aReleaseOnOneInstanceReleasesForAllAndOnlyOnce() {
        ParkedAccounts here = accounts(100);
        ParkedAccounts there = elsewhere(here);
        done(here.park(event, "acct-1", "why"));

        assertThat(done(there.release(event, "acct-1"))).isTrue();
        assertThat(done(here.release(event, "acct-1"))).isFalse();
        assertThat(done(here.reasonOf(event, "acct-1"))).isEmpty();
    }

    @Test
    void eventsAreApartEvenWhenTheirIdsRunIntoTheAccounts() {
        ParkedAccounts here = accounts(100);
        done(here.park(event + ":a", "b", "why"));

        assertThat(done(here.reasonOf(event, "a:b"))).isEmpty();
        assertThat(done(here.reasonOf(event + ":a", "b"))).contains("why");
    }

    @Test
    void aListHoldsAtMostItsBoundAndListsWhatItHolds() {
        ParkedAccounts here = accounts(3);
        for (int i = 0; i < 5; i++) {
            done(here.park(event, "acct-" + i, "reason-" + i));
        }

        assertThat(done(here.list(event, 10))).hasSize(3).containsEntry("acct-0", "reason-0");
        assertThat(done(here.list(event, 2))).hasSize(2);
        assertThat(done(here.park(event, "acct-9", "late"))).isFalse();
    }

    /** Many instances flag one account at once: exactly one of them parks it, so one flag is the first. */
    @RepeatedTest(3)
    void concurrentFlagsOfOneAccountParkItOnce() throws Exception {
        ParkedAccounts here = accounts(1000);
        ParkedAccounts there = elsewhere(here);
        ExecutorService threads = Executors.newFixedThreadPool(16);
        try {
            List<CompletableFuture<Boolean>> parks = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                ParkedAccounts store = i % 2 == 0 ? here : there;
                String reason = "flag-" + i;
                parks.add(CompletableFuture.supplyAsync(() -> done(store.park(event, "acct", reason)), threads));
            }
            assertThat(parks.stream().map(CompletableFuture::join).filter(Boolean::booleanValue).count()).isEqualTo(1);
        } finally {
            threads.shutdownNow();
        }
    }
}
