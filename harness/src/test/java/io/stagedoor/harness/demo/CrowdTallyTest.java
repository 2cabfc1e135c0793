package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.CallStats;
import io.stagedoor.client.GiveUp;
import io.stagedoor.client.Operation;
import io.stagedoor.client.Unreachable;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The counts the demo's report is written from, as the clients' listeners hear them. */
class CrowdTallyTest {

    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    private static CallStats stats(int attempts, int rateLimited, int overloaded, int retryAfterWaits,
                                   boolean honoured) {
        return new CallStats(attempts, rateLimited, overloaded, 0, Duration.ZERO, retryAfterWaits, Duration.ZERO,
                honoured, Duration.ZERO);
    }

    private static Accepted accepted(CallStats stats) {
        return new Accepted("c1", URI.create("/results/c1"), Optional.empty(), Optional.empty(), stats);
    }

    @Test
    void aCallThatCameBackBeforeItsRetryAfterCountsOnceHoweverManyWaitsItHad() {
        CrowdTally tally = new CrowdTally();

        tally.onFinished(Operation.HOLD, accepted(stats(4, 3, 0, 3, false)));
        tally.onFinished(Operation.CHECKOUT, accepted(stats(2, 0, 1, 1, true)));

        assertThat(tally.retryAfterBroken.get()).isEqualTo(1);
        assertThat(tally.retryAfterWaits.get()).isEqualTo(4);
        assertThat(tally.requests.get()).isEqualTo(6);
        assertThat(tally.rateLimited.get()).isEqualTo(3);
        assertThat(tally.overloaded.get()).isEqualTo(1);
    }

    @Test
    void onlyHoldsCountTowardsTheHoldCallsAndTheir429s() {
        CrowdTally tally = new CrowdTally();

        tally.onFinished(Operation.HOLD, accepted(stats(3, 2, 0, 2, true)));
        tally.onFinished(Operation.CHECKOUT, accepted(stats(5, 4, 0, 4, true)));
        tally.onFinished(Operation.CHECKOUT, new Unreachable(new IOException("reset"), GiveUp.ATTEMPTS_EXHAUSTED,
                stats(1, 0, 0, 0, true)));

        assertThat(tally.holdCalls.get()).isEqualTo(1);
        assertThat(tally.holdCallsRateLimited.get()).isEqualTo(2);
        assertThat(tally.checkoutCalls.get()).isEqualTo(2);
        assertThat(tally.checkoutRequests.get()).isEqualTo(6);
    }

    @Test
    void aScannerPhonesRefusalIsA429OrA503AndAWaitEither() {
        CrowdTally tally = new CrowdTally();

        tally.scanRefused(429);
        tally.scanRefused(503);
        tally.scanRefused(503);

        assertThat(tally.rateLimited.get()).isEqualTo(1);
        assertThat(tally.overloaded.get()).isEqualTo(2);
        assertThat(tally.retryAfterWaits.get()).isEqualTo(3);
    }

    @Test
    void theLastHoldAcceptedIsTheLatestWhateverOrderTheyAreCountedIn() {
        CrowdTally tally = new CrowdTally();
        assertThat(tally.lastHoldAccepted()).isNull();

        tally.holdAccepted(T0.plusSeconds(5));
        tally.holdAccepted(T0.plusSeconds(2));

        assertThat(tally.lastHoldAccepted()).isEqualTo(T0.plusSeconds(5));
        assertThat(tally.holdsAccepted.get()).isEqualTo(2);
    }

    @Test
    void theRequestsAcceptedAreTheHoldsAndTheCheckouts() {
        CrowdTally tally = new CrowdTally();
        tally.holdsAccepted.set(7);
        tally.checkoutsAccepted.set(3);

        assertThat(tally.accepted()).isEqualTo(10);
    }

    @Test
    void theOfficesHoldsAreCountedInTheCrowdsTallyToo() {
        // The report takes everyone else's 429s per hold as the crowd's minus the office's: both must see them.
        CrowdTally tally = new CrowdTally();
        OfficeTally office = new OfficeTally(tally);

        office.onFinished(Operation.HOLD, accepted(stats(3, 2, 0, 2, true)));
        office.onFinished(Operation.HOLD, new Unreachable(new IOException("reset"), GiveUp.ATTEMPTS_EXHAUSTED,
                stats(2, 1, 0, 1, true)));
        office.onFinished(Operation.CHECKOUT, accepted(stats(1, 0, 0, 0, true)));

        assertThat(office.holdCalls.get()).isEqualTo(2);
        assertThat(office.holdsAccepted.get()).isEqualTo(1);
        assertThat(office.holdsRateLimited.get()).isEqualTo(3);
        assertThat(tally.holdCalls.get()).isEqualTo(2);
        assertThat(tally.holdCallsRateLimited.get()).isEqualTo(3);
        assertThat(tally.requests.get()).isEqualTo(6);
    }
}
