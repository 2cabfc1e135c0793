package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SaleHealthTest {

    private static SaleHealth health(long fallbacksWhileUp, long shed, long requests, Duration e2eP99) {
        return health(fallbacksWhileUp, new FallbackTimeline.Split(shed, 0), requests, e2eP99);
    }

    private static SaleHealth health(long fallbacksWhileUp, FallbackTimeline.Split shed, long requests,
                                     Duration e2eP99) {
        // p99 900 ms over the run, 500 ms while Redis was up
        return new SaleHealth(Instant.EPOCH, new FallbackTimeline.Split(fallbacksWhileUp, 900), true, 2_000, shed,
                requests, 1_000, 1_500, Duration.ofSeconds(10), Duration.ofMillis(80).toNanos(),
                Duration.ofMillis(900).toNanos(), Duration.ofMillis(500).toNanos(), e2eP99);
    }

    @Test
    void roomFallbacksWhileRedisIsUpAreHealthyUpToOnePercentOfTheBuyers() {
        assertThat(health(20, 0, 1_000, Duration.ZERO).roomFallbacksHealthy()).isTrue();
        assertThat(health(21, 0, 1_000, Duration.ZERO).roomFallbacksHealthy()).isFalse();
    }

    @Test
    void checkoutsShedAtTheBoundAreHealthyUpToFivePercentOfTheRequests() {
        assertThat(health(0, 50, 1_000, Duration.ZERO).checkoutShedHealthy()).isTrue();
        assertThat(health(0, 51, 1_000, Duration.ZERO).checkoutShedHealthy()).isFalse();
        assertThat(health(0, 0, 0, Duration.ZERO).checkoutShedShare()).isZero();
    }

    @Test
    void checkoutsShedInTheOutageWindowAreShownApartAndLeftOutOfTheShare() {
        // 40 of 1,040 requests shed in the window: the backlog of checkouts the outage refused, back at once.
        SaleHealth health = health(0, new FallbackTimeline.Split(50, 40), 1_040, Duration.ZERO);

        assertThat(health.checkoutShedShare()).isEqualTo(0.05);
        assertThat(health.checkoutShedHealthy()).isTrue();
        assertThat(health.lines()).anyMatch(line -> line.startsWith("  checkout shed  50 of 1,000 checkout requests"
                + " shed at the checkout bound while Redis was up = 5.0 %: healthy (at most 5 %); 40 more in the"
                + " outage window (+3 s breaker recovery)"));
        assertThat(health(0, new FallbackTimeline.Split(51, 40), 1_040, Duration.ZERO).checkoutShedHealthy())
                .isFalse();
    }

    @Test
    void theHoldRateIsHoldsAcceptedPerSecondOnSaleAndNamesTheE2eRunToCompareWith() {
        SaleHealth health = health(0, 0, 1_000, Duration.ZERO);

        assertThat(health.holdRate()).isEqualTo(150.0);
        assertThat(health.lines()).anyMatch(line -> line.endsWith("p99 500 ms of the holds sent while Redis was up"
                + " (the outage window left out); compare: bench/run e2e --rates 150"));
        assertThat(health.lines()).noneMatch(line -> line.contains("e2e's"));
    }

    @Test
    void theHoldsP99WhileRedisWasUpIsHealthyWithinTwiceE2esAtTheSameRate() {
        assertThat(health(0, 0, 1_000, Duration.ofMillis(250)).e2eHealthy()).isTrue();
        assertThat(health(0, 0, 1_000, Duration.ofMillis(249)).e2eHealthy()).isFalse();
        assertThat(health(0, 0, 1_000, Duration.ofMillis(250)).lines())
                .anyMatch(line -> line.contains("that p99 is 2.00x e2e's 250 ms at that rate: healthy (within 2x)"));
    }

    @Test
    void everyLineSaysItsVerdict() {
        assertThat(health(30, 60, 1_000, Duration.ofMillis(100)).lines())
                .filteredOn(line -> line.contains("NOT HEALTHY")).hasSize(3);
    }
}
