package io.stagedoor.ingress.follow;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.errors.WakeupException;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class FollowLoopTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    /** Runs {@code loop} on a thread of its own while {@code check} runs, then stops it and sees the thread end. */
    private static void whileRunning(FollowLoop loop, Runnable check) throws InterruptedException {
        Thread thread = Thread.ofPlatform().start(loop::run);
        try {
            check.run();
        } finally {
            loop.stop();
            thread.join(Duration.ofSeconds(5));
        }
        assertThat(thread.isAlive()).isFalse();
    }

    @Test
    void aFailedStepIsTriedAgainAndTheLoopSaysItFailsUntilOneSucceeds() throws Exception {
        AtomicInteger steps = new AtomicInteger();
        FollowLoop loop = new FollowLoop("results", () -> {
            if (steps.incrementAndGet() <= 2) {
                throw new IllegalStateException("the broker refused the fetch");
            }
        });
        whileRunning(loop, () -> {
            Awaitility.await().atMost(DEADLINE).until(() -> steps.get() > 3);
            assertThat(loop.failures()).isEqualTo(2);
            assertThat(loop.failing()).isFalse();
        });
    }

    @Test
    void whileStepsFailTheLoopSaysSo() throws Exception {
        FollowLoop loop = new FollowLoop("results", () -> {
            throw new IllegalStateException("the broker refused the fetch");
        });
        whileRunning(loop, () -> Awaitility.await().atMost(DEADLINE).until(loop::failing));
    }

    @Test
    void aWakeupIsNotAFailure() throws Exception {
        AtomicInteger steps = new AtomicInteger();
        FollowLoop loop = new FollowLoop("results", () -> {
            steps.incrementAndGet();
            throw new WakeupException();
        });
        whileRunning(loop, () -> {
            Awaitility.await().atMost(DEADLINE).until(() -> steps.get() > 100);
            assertThat(loop.failing()).isFalse();
            assertThat(loop.failures()).isZero();
        });
    }
}
