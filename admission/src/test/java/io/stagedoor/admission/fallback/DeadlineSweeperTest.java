package io.stagedoor.admission.fallback;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

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

    /** Readers the test lets catch up: each request to catch up waits until the test runs it. */
    private final List<Runnable> askedToCatchUp = new ArrayList<>();
    /** The time Redis was given after each request to catch up, in order. */
    private final List<Duration> answering = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong();
    private final DeadlineSweeper afterReaders = DeadlineSweeper.unscheduled(TIMEOUT, TICK, 0,
            new OverloadSignal(() -> -1, TICK, 0), (wait, then) -> {
                answering.add(wait);
                askedToCatchUp.add(then);
            }, clock::get);

    /** Sweeps {@link #afterReaders} on time, every tick, from {@code fromMs} up to {@code toMs}. */
    private void sweepAfterReaders(long fromMs, long toMs) {
        for (long ms = fromMs; ms <= toMs; ms += 5) {
            clock.set(ms * MS);
            afterReaders.sweep(ms * MS);
        }
    }

    /** The readers catch up at {@code ms}: every request made so far is answered. */
    private void readersCatchUpAt(long ms) {
        clock.set(ms * MS);
        List<Runnable> asked = List.copyOf(askedToCatchUp);
        askedToCatchUp.clear();
        asked.forEach(Runnable::run);
    }

    @Test
    void aCallWhoseReplyIsReadOnceTheReadersCatchUpIsNotFailed() {
        CompletableFuture<String> call = afterReaders.watch(new CompletableFuture<>(), 0);
        sweepAfterReaders(5, 50);
        // Past its deadline, but its reply waited unread in the socket: the readers, given a core, read it first.
        assertThat(call).isNotDone();
        call.complete("answer");
        readersCatchUpAt(51);
        assertThat(call).isCompletedWithValue("answer");
        assertThat(afterReaders.caughtUp()).isEqualTo(1);
        assertThat(afterReaders.expired()).isZero();
    }

    @Test
    void aCallStillUnansweredWhenTheReadersCaughtUpPromptlyFails() {
        CompletableFuture<String> call = afterReaders.watch(new CompletableFuture<>(), 0);
        sweepAfterReaders(5, 50);
        readersCatchUpAt(52);
        assertThat(call).isCompletedExceptionally();
        assertThat(call.exceptionNow()).isInstanceOf(TimeoutException.class);
        assertThat(afterReaders.expired()).isEqualTo(1);
        assertThat(afterReaders.expiredBehind()).isZero();
    }

    @Test
    void readersThatWereBehindAreAskedAgainBeforeAnythingFails() {
        CompletableFuture<String> call = afterReaders.watch(new CompletableFuture<>(), 0);
        sweepAfterReaders(5, 50);
        // They took 150 ms to catch up (starved): what they wrote only now gets its reply before anything fails.
        readersCatchUpAt(200);
        assertThat(call).isNotDone();
        assertThat(askedToCatchUp).hasSize(1);
        assertThat(answering).as("a coalesced take written only now gets a whole deadline")
                .containsExactly(DeadlineSweeper.PROMPT_ANSWER, TIMEOUT);
        call.complete("answer");
        readersCatchUpAt(201);
        assertThat(call).isCompletedWithValue("answer");
        assertThat(afterReaders.caughtUp()).isEqualTo(1);
    }

    @Test
    void readersThatNeverCatchUpHoldACallNoLongerThanTheGrace() {
        CompletableFuture<String> call = afterReaders.watch(new CompletableFuture<>(), 0);
        long graceEndsMs = 50 + DeadlineSweeper.PROMPT_ANSWER.toMillis() + DeadlineSweeper.READERS_GRACE_NANOS / MS;
        sweepAfterReaders(5, graceEndsMs - 5);
        assertThat(call).isNotDone();
        sweepAfterReaders(graceEndsMs, graceEndsMs);
        assertThat(call).isCompletedExceptionally();
        assertThat(afterReaders.expiredBehind()).isEqualTo(1);
        assertThat(afterReaders.expired()).isZero();
    }
}
