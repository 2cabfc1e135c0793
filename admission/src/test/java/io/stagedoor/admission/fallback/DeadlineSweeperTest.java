package io.stagedoor.admission.fallback;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

/** Sweeps driven by the test's own nanosecond clock. */
class DeadlineSweeperTest {

    private static final long MS = 1_000_000;
    private static final Duration TIMEOUT = Duration.ofMillis(50);
    private static final Duration TICK = Duration.ofMillis(5);

    private final DeadlineSweeper sweeper = DeadlineSweeper.unscheduled(TIMEOUT, TICK, 0);

    /** Sweeps on time, every tick, from {@code fromMs} up to {@code toMs}. */
    private void sweepOnTime(long fromMs, long toMs) {
        for (long ms = fromMs; ms <= toMs; ms += 5) {
            sweeper.sweep(ms * MS);
        }
    }

    @Test
    void aCallPastItsDeadlineFailsAtTheFirstSweepAfterIt() {
        CompletableFuture<String> call = sweeper.watch(new CompletableFuture<>(), 0);
        sweepOnTime(5, 45);
        assertThat(call).isNotDone();
        sweeper.sweep(50 * MS);
        assertThat(call).isCompletedExceptionally();
        assertThat(call.exceptionNow()).isInstanceOf(TimeoutException.class);
    }

    @Test
    void aCallAnsweredInTimeIsLeftAlone() {
        CompletableFuture<String> call = sweeper.watch(new CompletableFuture<>(), 0);
        sweepOnTime(5, 40);
        call.complete("answer");
        sweepOnTime(45, 100);
        assertThat(call).isCompletedWithValue("answer");
    }

    @Test
    void aLateSweepExpiresNothingAndTheNextOnTimeSweepDoes() {
        CompletableFuture<String> answered = sweeper.watch(new CompletableFuture<>(), 0);
        CompletableFuture<String> unanswered = sweeper.watch(new CompletableFuture<>(), 1 * MS);
        sweepOnTime(5, 20);
        // The process was descheduled for 180 ms: both deadlines passed meanwhile.
        sweeper.sweep(200 * MS);
        assertThat(answered).isNotDone();
        assertThat(unanswered).isNotDone();
        // The I/O thread reads the reply that waited in the socket before the next sweep, which comes on time.
        answered.complete("answer");
        sweeper.sweep(205 * MS);
        assertThat(answered).isCompletedWithValue("answer");
        assertThat(unanswered).isCompletedExceptionally();
    }

    @Test
    void aStarvedProcessSkipsNoTwoSweepsInARow() {
        CompletableFuture<String> call = sweeper.watch(new CompletableFuture<>(), 0);
        sweeper.sweep(100 * MS);
        assertThat(call).isNotDone();
        sweeper.sweep(200 * MS);
        assertThat(call).isCompletedExceptionally();
    }

    @Test
    void aSweepUpToThreeTicksLateStillExpires() {
        CompletableFuture<String> call = sweeper.watch(new CompletableFuture<>(), 0);
        sweepOnTime(5, 50);
        sweeper.sweep(65 * MS);
        assertThat(call).isCompletedExceptionally();
    }
}
