package io.stagedoor.ingress.follow;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.errors.WakeupException;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class FollowLoopTest {

    @Test
    void aFailedStepIsTriedAgainAndTheLoopSaysItFailsUntilOneSucceeds() throws Exception {
        AtomicInteger steps = new AtomicInteger();
        FollowLoop loop = new FollowLoop("results", () -> {
            if (steps.incrementAndGet() <= 2) {
                throw new IllegalStateException("the broker refused the fetch");
            }
        });
        Thread thread = Thread.ofPlatform().start(loop::run);
        try {
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> steps.get() > 3);
            assertThat(loop.failures()).isEqualTo(2);
            assertThat(loop.failing()).isFalse();
        } finally {
            loop.stop();
            thread.join(Duration.ofSeconds(5));
        }
        assertThat(thread.isAlive()).isFalse();
    }

    @Test
    void whileStepsFailTheLoopSaysSo() throws Exception {
        FollowLoop loop = new FollowLoop("results", () -> {
            throw new IllegalStateException("the broker refused the fetch");
        });
        Thread thread = Thread.ofPlatform().start(loop::run);
        try {
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(loop::failing);
        } finally {
            loop.stop();
            thread.join(Duration.ofSeconds(5));
        }
        assertThat(thread.isAlive()).isFalse();
    }

    @Test
    void aWakeupIsNotAFailure() throws Exception {
        AtomicInteger steps = new AtomicInteger();
        FollowLoop loop = new FollowLoop("results", () -> {
            steps.incrementAndGet();
            throw new WakeupException();
        });
        Thread thread = Thread.ofPlatform().start(loop::run);
        try {
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> steps.get() > 100);
            assertThat(loop.failing()).isFalse();
            assertThat(loop.failures()).isZero();
        } finally {
            loop.stop();
            thread.join(Duration.ofSeconds(5));
        }
    }
}
