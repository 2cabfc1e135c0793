package io.stagedoor.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TallyTest {

    @Test
    void percentilesOfKnownSamplesAreTheirValuesInMilliseconds() {
        Tally tally = new Tally();
        LongStream.rangeClosed(1, 100).forEach(ms -> tally.record(202, ms * 1_000, ms * 500));

        // the histograms keep three significant digits: within 0.1 % of the sample
        assertThat(Percentiles.millis(tally.latency(202), 50)).isCloseTo(50.0, within(0.05));
        assertThat(Percentiles.millis(tally.latency(202), 99)).isCloseTo(99.0, within(0.1));
        assertThat(Percentiles.millis(tally.service(202), 50)).isCloseTo(25.0, within(0.025));
        assertThat(Percentiles.millis(tally.latency(503), 50)).isNaN();
        assertThat(Percentiles.summary(tally.latency(202)))
                .matches("p50 +50\\.0\\d  p99 +99\\.\\d\\d  max +100\\.\\d\\d ms");
    }

    @Test
    void countsByStatusAndPerSecondOfTheWindow() {
        Tally tally = new Tally();
        for (int i = 0; i < 30; i++) {
            tally.record(202, 1_000, 1_000);
        }
        for (int i = 0; i < 10; i++) {
            tally.record(429, 1_000, 1_000);
        }
        tally.record(-1, 1_000, 1_000);
        tally.seconds(2);

        assertThat(tally.total()).isEqualTo(41);
        assertThat(tally.count(202)).isEqualTo(30);
        assertThat(tally.perSecond(202)).isCloseTo(15.0, within(1e-9));
        assertThat(tally.statuses()).isEqualTo("error=1 202=30 429=10");
    }

    @Test
    void addingATallySumsCountsHistogramsAndWindows() {
        Tally first = new Tally();
        first.record(202, 1_000, 1_000);
        first.seconds(1);
        Tally second = new Tally();
        second.record(202, 3_000, 2_000);
        second.record(429, 1_000, 1_000);
        second.seconds(3);

        first.add(second);

        assertThat(first.count(202)).isEqualTo(2);
        assertThat(first.count(429)).isEqualTo(1);
        assertThat(first.seconds()).isEqualTo(4.0);
        assertThat(first.latency(202).getMaxValue()).isBetween(2_998L, 3_002L);
    }

    @Test
    void exactSamplesGiveTheNearestRankQuantileAndTheMaximum() {
        LatencySamples samples = new LatencySamples();
        assertThat(samples.quantile(0.5)).isZero();
        assertThat(samples.max()).isZero();
        for (long nanos = 100; nanos >= 1; nanos--) {
            samples.record(nanos);
        }
        samples.record(-5);

        assertThat(samples.count()).isEqualTo(101);
        assertThat(samples.quantile(0.5)).isEqualTo(50); // rank ceil(50.5) = 51 of 0, 1, 2, ... 100
        assertThat(samples.quantile(0.99)).isEqualTo(99); // rank ceil(99.99) = 100
        assertThat(samples.quantile(1.0)).isEqualTo(100);
        assertThat(samples.max()).isEqualTo(100);
    }
}
