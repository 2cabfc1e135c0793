package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.harness.load.LatencySamples;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimedLatenciesTest {

    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    private static long ms(long millis) {
        return Duration.ofMillis(millis).toNanos();
    }

    @Test
    void leavesOutTheRequestsSentInTheWindowBothEndsIncluded() {
        TimedLatencies latencies = new TimedLatencies();
        latencies.record(T0.plusSeconds(9), ms(10));
        latencies.record(T0.plusSeconds(10), ms(5_000));
        latencies.record(T0.plusSeconds(15), ms(6_000));
        latencies.record(T0.plusSeconds(20), ms(7_000));
        latencies.record(T0.plusSeconds(21), ms(20));

        LatencySamples up = latencies.outside(T0.plusSeconds(10), T0.plusSeconds(20));

        assertThat(up.count()).isEqualTo(2);
        assertThat(up.max()).isEqualTo(ms(20));
    }

    @Test
    void withoutAWindowEveryLatencyIsKept() {
        TimedLatencies latencies = new TimedLatencies();
        latencies.record(T0, ms(10));
        latencies.record(T0.plusSeconds(1), ms(30));

        assertThat(latencies.outside(null, null).count()).isEqualTo(2);
        assertThat(latencies.all().quantile(1.0)).isEqualTo(ms(30));
    }
}
