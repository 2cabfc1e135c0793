package io.stagedoor.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class OpenLoopTest {

    @Test
    void arrivalsAreDueOnePeriodApartFromTheStart() {
        Pacing pacing = Pacing.perSecond(4);

        assertThat(List.of(pacing.due(1_000, 0), pacing.due(1_000, 1), pacing.due(1_000, 7)))
                .containsExactly(1_000L, 250_001_000L, 1_750_001_000L);
        assertThat(Pacing.spread(4, Duration.ofSeconds(2)).due(0, 3)).isEqualTo(1_500_000_000L);
        assertThat(Pacing.spread(4, Duration.ofSeconds(-1)).due(5, 3)).isEqualTo(5);
    }

    @Test
    void neverHasMoreThanTheBoundInFlightWhenTheServerFallsBehind() throws InterruptedException {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        Set<Long> made = ConcurrentHashMap.newKeySet();
        OpenLoop loop = new OpenLoop(Pacing.perSecond(2_000), 3, OpenLoop.WhenFull.SEND_LATE);

        OpenLoop.Run run = loop.start(Duration.ZERO, 60, (none, index, due) -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            pause(Duration.ofMillis(5)); // slower than the pacing: arrivals queue for a sender
            made.add(index);
            inFlight.decrementAndGet();
        });

        assertThat(run.await(Duration.ofSeconds(10))).isTrue();
        assertThat(most.get()).isEqualTo(3);
        assertThat(made).hasSize(60);
        assertThat(run.skipped()).isZero();
    }

    @Test
    void aLateArrivalKeepsTheDueTimeThePacingGaveIt() throws InterruptedException {
        List<long[]> dueAndSent = new CopyOnWriteArrayList<>();
        OpenLoop loop = new OpenLoop(Pacing.perSecond(1_000), 1, OpenLoop.WhenFull.SEND_LATE);

        OpenLoop.Run run = loop.start(Duration.ZERO, 5, (none, index, due) -> {
            dueAndSent.add(new long[]{index, due, System.nanoTime()});
            pause(Duration.ofMillis(10));
        });

        assertThat(run.await(Duration.ofSeconds(10))).isTrue();
        for (long[] arrival : dueAndSent) {
            assertThat(arrival[1]).isEqualTo(Pacing.perSecond(1_000).due(run.startNanos(), arrival[0]));
            assertThat(arrival[2]).isGreaterThanOrEqualTo(arrival[1]);
        }
        // one sender, 10 ms each, due 1 ms apart: the fifth went out about 40 ms after its due time
        long[] last = dueAndSent.get(4);
        assertThat(last[2] - last[1]).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(30));
    }

    @Test
    void skipsAndCountsTheArrivalsDueWhileTheBoundIsFull() throws InterruptedException {
        CountDownLatch answer = new CountDownLatch(1);
        Set<Long> made = ConcurrentHashMap.newKeySet();
        OpenLoop loop = new OpenLoop(Pacing.perSecond(1_000), 2, OpenLoop.WhenFull.SKIP);

        // due at once: the senders are still starting, which is not being busy, so the first two are made
        OpenLoop.Run run = loop.start(Duration.ZERO, 10, (none, index, due) -> {
            made.add(index);
            await(answer); // both in flight until every other arrival was due
        });
        // both in flight, and every other arrival due while they are
        long lastDue = Pacing.perSecond(1_000).due(run.startNanos(), 9);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> made.size() == 2 && System.nanoTime() > lastDue);
        answer.countDown();

        assertThat(run.await(Duration.ofSeconds(10))).isTrue();
        assertThat(made).containsExactlyInAnyOrder(0L, 1L);
        assertThat(run.skipped()).isEqualTo(8);
    }

    @Test
    void stopMakesNoMoreArrivalsAndAnArrivalThatThrowsDoesNotStopTheOthers() throws InterruptedException {
        AtomicLong made = new AtomicLong();
        OpenLoop loop = new OpenLoop(Pacing.perSecond(100), 4, OpenLoop.WhenFull.SEND_LATE);

        OpenLoop.Run run = loop.start(Duration.ZERO, 1_000, (none, index, due) -> {
            made.incrementAndGet();
            if (index == 0) {
                throw new IllegalStateException("the first visit broke");
            }
        });
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> made.get() >= 2);
        run.stop();

        assertThat(run.await(Duration.ofSeconds(5))).isTrue();
        assertThat(made.get()).isBetween(2L, 100L); // about 6 were due before the stop, of 1,000
        assertThat(run.failure()).get().extracting(Throwable::getMessage).isEqualTo("the first visit broke");
    }

    @Test
    void eachSenderOpensItsChannelOnceAndClosesIt() throws InterruptedException {
        AtomicInteger opened = new AtomicInteger();
        AtomicInteger closed = new AtomicInteger();
        Set<Object> used = ConcurrentHashMap.newKeySet();
        OpenLoop loop = new OpenLoop(Pacing.perSecond(10_000), 3, OpenLoop.WhenFull.SEND_LATE);

        OpenLoop.Run run = loop.start(Duration.ZERO, 30, () -> {
            opened.incrementAndGet();
            return (AutoCloseable) closed::incrementAndGet;
        }, (channel, index, due) -> used.add(channel));

        assertThat(run.await(Duration.ofSeconds(10))).isTrue();
        assertThat(opened.get()).isEqualTo(3);
        assertThat(closed.get()).isEqualTo(3);
        assertThat(used).hasSizeLessThanOrEqualTo(3);
    }

    private static void pause(Duration length) {
        try {
            Thread.sleep(length);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
