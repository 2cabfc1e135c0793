package io.stagedoor.admission.fallback;

import io.stagedoor.admission.AdmissionMessages;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one policy's calls for users other than the limiter: the deadline cuts a silent call, the breaker stops calls. */
class GuardedCallsTest {

    private static final OutageSettings SETTINGS = OutageSettings.defaults().withCommandTimeout(Duration.ofMillis(20));

    @Test
    void aCallNobodyAnswersFailsAtTheDeadlineNamingItsUser() {
        try (RedisOutagePolicy policy = new RedisOutagePolicy(SETTINGS)) {
            GuardedCalls calls = policy.calls("scanned tickets", LoggerFactory.getLogger(GuardedCallsTest.class));
            CompletableFuture<String> silent = calls.call(CompletableFuture::new);
            assertThatThrownBy(silent::join).isInstanceOf(CompletionException.class)
                    .cause().isInstanceOf(TimeoutException.class)
                    .hasMessage(AdmissionMessages.redisCallTimedOut("scanned tickets", SETTINGS.commandTimeout()));
        }
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
}
