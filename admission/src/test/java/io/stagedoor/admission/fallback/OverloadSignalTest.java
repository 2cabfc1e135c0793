package io.stagedoor.admission.fallback;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The overload signal on a fake clock, a fake CPU-time counter and a fake load reading. */
class OverloadSignalTest {

    private static final long MS = 1_000_000;
    private static final Duration TICK = Duration.ofMillis(5);
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    private final AtomicLong cpuNanos = new AtomicLong();
    /** What the platform's load reading says: an average since its previous reading, here idle throughout. */
    private final OverloadSignal signal = new OverloadSignal(() -> 0.1, cpuNanos::get, TICK, 0);

    /** Sweeps on time every tick from {@code fromMs} to {@code toMs}, the process using {@code share} of every core. */
    private void run(long fromMs, long toMs, double share) {
        for (long ms = fromMs; ms <= toMs; ms += 5) {
            cpuNanos.addAndGet((long) (5 * MS * CORES * share));
            signal.swept(ms * MS, 0);
        }
    }

    @Test
    void anIdleProcessIsNotOverloaded() {
        run(5, 500, 0.05);
        assertThat(signal.overloaded(500 * MS)).isFalse();
    }

    @Test
    void aSuddenSaturationIsSeenBeforeAnyLoadReadingShowsIt() {
        run(5, 500, 0.05);
        // the sweeper keeps waking on time (the scheduler favours a sleeper) while the process takes every core
        run(505, 550, 1.0);
        assertThat(signal.lagNanos()).isZero();
        assertThat(signal.overloaded(550 * MS)).isTrue();
    }

    @Test
    void aBurstShorterThanTheRecentSpanIsNotOverload() {
        run(5, 500, 0.05);
        run(505, 515, 1.0);
        run(520, 550, 0.05);
        assertThat(signal.overloaded(550 * MS)).isFalse();
    }

    @Test
    void withoutCpuTimeTheSignalFallsBackToLagAndLoad() {
        OverloadSignal blind = new OverloadSignal(() -> 0.1, () -> -1, TICK, 0);
        for (long ms = 5; ms <= 550; ms += 5) {
            blind.swept(ms * MS, 0);
        }
        assertThat(blind.recentProcessLoad(550 * MS)).isNegative();
        assertThat(blind.overloaded(550 * MS)).isFalse();
        blind.swept(560 * MS, 6 * MS);
        assertThat(blind.overloaded(560 * MS)).isTrue();
    }

    @Test
    void eachVerdictIsCountedUnderTheReadingThatDecidedIt() {
        AtomicLong load = new AtomicLong();
        OverloadSignal counted = new OverloadSignal(() -> load.get() / 100.0, cpuNanos::get, TICK, 0);
        for (long ms = 5; ms <= 500; ms += 5) {
            cpuNanos.addAndGet((long) (5 * MS * CORES * 0.05));
            counted.swept(ms * MS, 0);
        }
        assertThat(counted.overloaded(500 * MS)).isFalse();
        // the machine busy (another process), this one idle: the load reading decides
        load.set(95);
        assertThat(counted.overloaded(530 * MS)).isTrue();
        // a sweep 6 ms late: the lag decides, checked first
        counted.swept(540 * MS, 6 * MS);
        assertThat(counted.overloaded(540 * MS)).isTrue();

        assertThat(counted.verdicts(OverloadSignal.Verdict.NONE)).isEqualTo(1);
        assertThat(counted.verdicts(OverloadSignal.Verdict.CPU)).isEqualTo(1);
        assertThat(counted.verdicts(OverloadSignal.Verdict.LAG)).isEqualTo(1);
        assertThat(counted.verdicts(OverloadSignal.Verdict.PROCESS)).isZero();
    }
}
