package io.stagedoor.admission.bound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class KeyedConcurrencyBoundTest {

    @Test
    void oneKeyPastItsShareIsRefusedWhileAnotherKeyStillGetsIn() {
        KeyedConcurrencyBound bound = new KeyedConcurrencyBound("per-principal", 20);
        for (int i = 0; i < 20; i++) {
            assertThat(bound.tryAcquire("buyer:mallory")).isPresent();
        }

        assertThat(bound.tryAcquire("buyer:mallory")).isEmpty();
        assertThat(bound.tryAcquire("buyer:ada")).isPresent();
        assertThat(bound.inUse("buyer:mallory")).isEqualTo(20);
        assertThat(bound.refusals()).isEqualTo(1);
    }

    @Test
    void aKeyIsForgottenWhenItsLastPermitIsReleased() {
        KeyedConcurrencyBound bound = new KeyedConcurrencyBound("per-address", 2);
        for (int address = 0; address < 1_000; address++) {
            Permit first = bound.tryAcquire("198.51.100." + address).orElseThrow();
            Permit second = bound.tryAcquire("198.51.100." + address).orElseThrow();
            first.release();
            second.release();
            second.release();
        }

        assertThat(bound.keys()).isZero();
        assertThat(bound.inUse("198.51.100.7")).isZero();
    }

    // Pins down the interleaving where one thread releases a key's last permit (removing its counter) while others
    // acquire the same key: no count may be lost or resurrected, so the key never holds more than its share and
    // ends at zero, forgotten.
    @RepeatedTest(10)
    void racingAcquiresAndReleasesOfOneKeyNeverPassTheLimitAndLeaveNothingBehind() throws Exception {
        KeyedConcurrencyBound bound = new KeyedConcurrencyBound("per-principal", 3);
        AtomicInteger holding = new AtomicInteger();
        AtomicInteger worst = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                done.add(threads.submit(() -> {
                    go.await();
                    for (int i = 0; i < 2_000; i++) {
                        var permit = bound.tryAcquire("buyer:mallory");
                        if (permit.isPresent()) {
                            worst.accumulateAndGet(holding.incrementAndGet(), Math::max);
                            holding.decrementAndGet();
                            permit.get().release();
                        }
                    }
                    return null;
                }));
            }
            go.countDown();
            for (var future : done) {
                future.get();
            }
        }

        assertThat(worst.get()).isLessThanOrEqualTo(3);
        assertThat(bound.inUse("buyer:mallory")).isZero();
        assertThat(bound.keys()).isZero();
    }
}
