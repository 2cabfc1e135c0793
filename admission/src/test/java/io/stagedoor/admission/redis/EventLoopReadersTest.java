package io.stagedoor.admission.redis;

import io.netty.channel.DefaultEventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Real Netty event loops, one of them held by the test as a starved loop would be. */
class EventLoopReadersTest {

    private static final Duration ANSWERING = Duration.ofMillis(10);

    private final DefaultEventLoopGroup group = new DefaultEventLoopGroup(2);

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Test
    void waitsForEveryLoopIncludingOneThatIsHeld() throws Exception {
        List<EventExecutor> loops = new ArrayList<>();
        group.forEach(loops::add);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch holding = new CountDownLatch(1);
        loops.get(0).execute(() -> {
            holding.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();

        AtomicBoolean caughtUp = new AtomicBoolean();
        new EventLoopReaders(group).afterPendingReads(ANSWERING, () -> caughtUp.set(true));
        // The free loop has run its part and its wait after it: a task scheduled behind that wait runs after it.
        CountDownLatch freeLoopDone = new CountDownLatch(1);
        loops.get(1).schedule(freeLoopDone::countDown, ANSWERING.toMillis() * 2,
                TimeUnit.MILLISECONDS);
        assertThat(freeLoopDone.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(caughtUp).as("caught up while one loop was still held").isFalse();

        release.countDown();
        await().atMost(Duration.ofSeconds(10)).untilTrue(caughtUp);
    }

    @Test
    void noLoopsMeansCaughtUpAtOnce() {
        DefaultEventLoopGroup none = new DefaultEventLoopGroup(1);
        none.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
        AtomicBoolean caughtUp = new AtomicBoolean();
        new EventLoopReaders(none).afterPendingReads(ANSWERING, () -> caughtUp.set(true));
        assertThat(caughtUp).as("a loop that is shut down refuses the task and counts as caught up").isTrue();
    }
}
