package io.stagedoor.admission.parking;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The address-crowd rule on each store: 50 accounts from one /64 within a minute are flagged past 20; one is not. */
abstract class AddressCrowdsContract {

    static final int MOST = 20;
    final long[] now = {1_796_000_000_000L};

    /** A store of its own for each test. */
    abstract CrowdCounts counts();

    /** The same store as another instance reaches it; {@code counts} itself where there is one process only. */
    CrowdCounts elsewhere(CrowdCounts counts) {
        return counts;
    }

    AddressCrowds rule(CrowdCounts counts) {
        return new AddressCrowds(counts, MOST, Duration.ofMinutes(1), () -> now[0]);
    }

    private static Optional<String> join(AddressCrowds rule, String event, String address, String account)
            throws Exception {
        return rule.joined(event, address, account).toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    @Test
    void fiftyAccountsFromOneSlashSixtyFourWithinAMinuteAreFlaggedPastTheTwentieth() throws Exception {
        AddressCrowds rule = rule(counts());
        String event = TestNames.unique("crowded");
        List<Boolean> flagged = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            now[0] += 1_000 / 50; // all within the first second of the minute
            flagged.add(join(rule, event, "2001:db8:7:7::" + Integer.toHexString(i + 1), "bot-" + i).isPresent());
        }
        assertThat(flagged.subList(0, MOST)).containsOnly(false);
        assertThat(flagged.subList(MOST, 50)).containsOnly(true);
        assertThat(join(rule, event, "2001:db8:7:7::ffff", "bot-50")).hasValueSatisfying(
                why -> assertThat(why).startsWith("address-crowd: 51 accounts joined from 2001:db8:7:7::/64"));
    }

    @Test
    void oneBuyerJoiningAgainAndAgainIsNeverFlagged() throws Exception {
        AddressCrowds rule = rule(counts());
        String event = TestNames.unique("eager");
        for (int i = 0; i < 60; i++) {
            assertThat(join(rule, event, "198.51.100.9", "fan-1")).isEmpty();
        }
    }

    @Test
    void accountsFromManyNetworksOrAnotherEventOrTheNextMinuteAreCountedApart() throws Exception {
        CrowdCounts counts = counts();
        AddressCrowds rule = rule(counts);
        String event = TestNames.unique("spread");
        for (int i = 0; i < 50; i++) {
            assertThat(join(rule, event, "198.51.100." + i, "fan-" + i)).isEmpty();
        }
        for (int i = 0; i < MOST; i++) {
            join(rule, event, "203.0.113.1", "shared-" + i);
        }
        assertThat(join(rule, TestNames.unique("other"), "203.0.113.1", "shared-x")).isEmpty();
        now[0] += Duration.ofMinutes(1).toMillis();
        assertThat(join(rule, event, "203.0.113.1", "shared-y")).as("a new minute").isEmpty();
    }

    /** Fifty accounts joining at once through two instances: exactly the thirty past the twentieth are flagged. */
    @RepeatedTest(3)
    void racingJoinsOnTwoInstancesFlagExactlyThosePastTheBar() throws Exception {
        CrowdCounts counts = counts();
        AddressCrowds one = rule(counts);
        AddressCrowds two = rule(elsewhere(counts));
        String event = TestNames.unique("race");
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(25);
        try {
            List<Future<Optional<String>>> joins = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                AddressCrowds via = i % 2 == 0 ? one : two;
                String account = "racer-" + i;
                joins.add(threads.submit(() -> {
                    start.await();
                    return join(via, event, "203.0.113.66", account);
                }));
            }
            start.countDown();
            int flagged = 0;
            for (Future<Optional<String>> join : joins) {
                flagged += join.get(10, TimeUnit.SECONDS).isPresent() ? 1 : 0;
            }
            assertThat(flagged).isEqualTo(50 - MOST);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aCallerWithoutAnAddressLiteralIsNotCounted() throws Exception {
        AddressCrowds rule = rule(counts());
        for (int i = 0; i < 30; i++) {
            assertThat(join(rule, "e", "unknown", "someone-" + i)).isEmpty();
        }
    }
}
