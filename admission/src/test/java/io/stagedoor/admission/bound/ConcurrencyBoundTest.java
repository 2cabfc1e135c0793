package io.stagedoor.admission.bound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class ConcurrencyBoundTest {

    @Test
    void theTwentyFirstIsRefusedAtOnceAndAReleaseLetsOneMoreIn() {
        ConcurrencyBound bound = new ConcurrencyBound("checkouts", 20);
        List<Permit> permits = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            permits.add(bound.tryAcquire().orElseThrow());
        }
        assertThat(bound.tryAcquire()).isEmpty();
        assertThat(bound.refusals()).isEqualTo(1);

        permits.get(0).release();
        assertThat(bound.tryAcquire()).isPresent();
        assertThat(bound.inUse()).isEqualTo(20);
    }

    @Test
    void releasingAPermitTwiceReleasesItOnce() {
        ConcurrencyBound bound = new ConcurrencyBound("door", 1);
        Permit permit = bound.tryAcquire().orElseThrow();
        assertThat(permit.release()).isTrue();
        assertThat(permit.release()).isFalse();
        assertThat(bound.inUse()).isZero();
    }

    // Pins down the interleaving where many threads race for the last permits: compare-and-set must never let the
    // count pass the limit, whatever order the threads read and write in.
    @RepeatedTest(20)
    void manyThreadsNeverHoldMoreThanTheLimit() throws Exception {
        ConcurrencyBound bound = new ConcurrencyBound("checkouts", 20);
        AtomicInteger holding = new AtomicInteger();
        AtomicInteger worst = new AtomicInteger();
        ConcurrentLinkedQueue<Permit> granted = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(64);
        for (int i = 0; i < 64; i++) {
            pool.submit(() -> {
                start.await();
                for (int round = 0; round < 200; round++) {
                    Optional<Permit> permit = bound.tryAcquire();
                    if (permit.isPresent()) {
                        worst.accumulateAndGet(holding.incrementAndGet(), Math::max);
                        holding.decrementAndGet();
                        if (round % 2 == 0) {
                            permit.get().release();
                        } else {
                            granted.add(permit.get());
                            Permit old = granted.poll();
                            if (old != null) {
                                old.release();
                            }
                        }
                    }
                }
                return null;
            });
        }
        start.countDown();
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        granted.forEach(Permit::release);
        assertThat(worst.get()).isLessThanOrEqualTo(20);
        assertThat(bound.highWater()).isLessThanOrEqualTo(20);
        assertThat(bound.inUse()).isZero();
    }
}
