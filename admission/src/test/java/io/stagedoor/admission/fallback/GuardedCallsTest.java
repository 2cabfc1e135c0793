package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one policy's calls for users other than the limiter: the deadline cuts a silent call, the breaker stops calls. */
class GuardedCallsTest {

    private static final OutageSettings SETTINGS = OutageSettings.defaults().withCommandTimeout(Duration.ofMillis(20));

    @Test
    void aCallNobodyAnswersFailsAtTheDeadlineNamingItsUser() {
        // Driven, with an idle CPU reading: on the real sweeper a busy test machine would make it a shed.
        Driven driven = new Driven(0.1);
        CompletableFuture<String> silent = driven.calls.call(CompletableFuture::new);
        driven.pastTheDeadlineOf(silent);
        assertThatThrownBy(silent::join).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(TimeoutException.class)
                .hasMessage(AdmissionMessages.redisCallTimedOut("scanned tickets", Duration.ofMillis(30)));
    }

    @Test
    void failuresOpenTheUsersBreakerAndThenNoCallIsMade() {
        try (RedisOutagePolicy policy = new RedisOutagePolicy(SETTINGS)) {
            GuardedCalls calls = policy.calls("idempotency keys", LoggerFactory.getLogger(GuardedCallsTest.class));
            AtomicInteger made = new AtomicInteger();
            for (int i = 0; i < SETTINGS.minimumCalls(); i++) {
                calls.call(() -> {
                    made.incrementAndGet();
                    return CompletableFuture.failedFuture(new IllegalStateException("connection refused"));
                }).exceptionally(error -> null).join();
            }
            assertThat(calls.state()).isEqualTo("OPEN");
            int before = made.get();
            assertThat(calls.call(() -> {
                made.incrementAndGet();
                return CompletableFuture.completedFuture("OK");
            })).isCompletedExceptionally();
            assertThat(made).hasValue(before);
        }
    }

    @Test
    void eachUserHasABreakerOfItsOwn() {
        try (RedisOutagePolicy policy = new RedisOutagePolicy(SETTINGS)) {
            GuardedCalls failing = policy.calls("waiting room", LoggerFactory.getLogger(GuardedCallsTest.class));
            GuardedCalls healthy = policy.calls("scanned tickets", LoggerFactory.getLogger(GuardedCallsTest.class));
            for (int i = 0; i < SETTINGS.minimumCalls(); i++) {
                failing.call(() -> CompletableFuture.failedFuture(new IllegalStateException("script error")))
                        .exceptionally(error -> null).join();
            }
            assertThat(failing.state()).isEqualTo("OPEN");
            assertThat(healthy.call(() -> CompletableFuture.completedFuture("OK")).join()).isEqualTo("OK");
        }
    }

    /** A deadline-cut call on a sweeper the test drives, its CPU load reading {@code load}; ticks of 1 ms. */
    private static final class Driven {
        final long start = System.nanoTime();
        final DeadlineSweeper sweeper;
        final GuardedCalls calls;

        Driven(double load) {
            OverloadSignal signal = new OverloadSignal(() -> load, Duration.ofMillis(1), start);
            sweeper = DeadlineSweeper.unscheduled(Duration.ofMillis(30), Duration.ofMillis(1), start, signal);
            calls = new GuardedCalls("scanned tickets", new BreakerCalls(SETTINGS.breaker("driven"),
                    LoggerFactory.getLogger(GuardedCallsTest.class), (from, to) -> to, state -> { }), sweeper,
                    Duration.ofMillis(30), () -> true);
        }

        /** Sweeps every tick (the load is read on the 20th) until {@code call} is cut at its deadline. */
        void pastTheDeadlineOf(CompletableFuture<?> call) {
            for (long tick = 1; tick <= 100_000 && !call.isDone(); tick++) {
                sweeper.sweep(start + Duration.ofMillis(tick).toNanos());
            }
        }
    }

    @Test
    void aCallMissedWhileThisProcessIsOverloadedAndRedisAnswersIsShedAndItsLateReplyHandedOver() {
        Driven driven = new Driven(1.0);
        CompletableFuture<String> reply = new CompletableFuture<>();
        AtomicReference<CompletionStage<String>> handed = new AtomicReference<>();
        CompletableFuture<String> call = driven.calls.call(() -> reply, handed::set);
        driven.pastTheDeadlineOf(call);

        assertThatThrownBy(call::join).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(ProcessOverloaded.class);
        assertThat(GuardedCalls.shed(call.exceptionNow())).isTrue();
        reply.complete("OK");
        assertThat(handed.get().toCompletableFuture().join()).isEqualTo("OK");
        assertThat(driven.calls.sheds()).isEqualTo(1);
        assertThat(driven.calls.outages()).isZero();
        assertThat(driven.calls.state()).isEqualTo("CLOSED");
    }

    @Test
    void aCallMissedWhileThisProcessIdlesIsAnOutageForTheFallback() {
        Driven driven = new Driven(0.1);
        AtomicReference<CompletionStage<String>> handed = new AtomicReference<>();
        CompletableFuture<String> call = driven.calls.call(CompletableFuture::new, handed::set);
        driven.pastTheDeadlineOf(call);

        assertThatThrownBy(call::join).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(TimeoutException.class);
        assertThat(GuardedCalls.shed(call.exceptionNow())).isFalse();
        assertThat(handed.get()).as("a fallback answered: what Redis did stands").isNull();
        assertThat(driven.calls.outages()).isEqualTo(1);
        assertThat(driven.calls.sheds()).isZero();
    }
}
