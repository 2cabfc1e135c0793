package io.stagedoor.admission.fallback;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.lang.management.OperatingSystemMXBean;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Whether this process is itself too busy to hear Redis in time. It is asked only about a call that already missed
 * its deadline, so it must tell "our CPU was saturated" from "Redis was slow" at that moment, from two readings the
 * deadline sweeper takes on its own thread, so nothing is measured on the decision path:
 * <ul>
 *   <li><b>scheduling lag</b>: how much later than its tick the sweeper woke, the most over the last one to two
 *       {@link #WINDOW_NANOS windows}. A thread of ours that was due to run and did not is what a saturated CPU, a
 *       GC pause or an exhausted cgroup quota look like from inside; a slow Redis leaves it at zero;</li>
 *   <li><b>CPU load</b>: the larger of this process's and the machine's (a container's, where the JDK sees one)
 *       recent CPU use, from {@code com.sun.management.OperatingSystemMXBean}, read every
 *       {@link #CPU_SAMPLE_TICKS} ticks (each read opens files under /proc: too dear per call).</li>
 * </ul>
 * Overloaded when the lag reaches {@link #LAG_NANOS} or the load {@link #CPU_LOAD}. Both thresholds sit between
 * what an idle process shows (a sweeper a fraction of a millisecond late, a few percent of CPU) and a saturated one
 * (several milliseconds late, the load at 1.0); the readings behind them are in bench/RESULTS.md. Either reading
 * alone is enough: the lag catches a quota or pause the load misses, the load a saturation that the
 * scheduler's wake-up preference hides from a thread that sleeps most of the time.
 *
 * <p>Overload alone never decides: the guard also asks whether Redis is still answering (see
 * {@link RedisOutageGuard}), so a Redis that hangs while this process is busy is still an outage.
 */
final class OverloadSignal {

    /** A sweep this much later than its tick, within the window, says the process is overloaded. */
    static final long LAG_NANOS = 5_000_000;
    /** Process or machine CPU use, 0 to 1, at which the process is overloaded. */
    static final double CPU_LOAD = 0.9;
    /** Lag is remembered for one to two windows of this length. */
    static final long WINDOW_NANOS = 1_000_000_000;
    /** Sweeps between two CPU load readings. */
    static final int CPU_SAMPLE_TICKS = 20;
    /** A CPU load reading younger than this is fresh enough to judge a missed deadline by. */
    static final long FRESH_NANOS = 20_000_000;
    /**
     * The shortest span this process's own CPU use is judged over when a deadline is missed. The platform counts
     * process CPU time in clock ticks (10 ms on Linux), so a shorter span would read mostly rounding.
     */
    static final long RECENT_NANOS = 40_000_000;
    /** This process's CPU time, sampled every sweep: enough sweeps to reach back past {@link #RECENT_NANOS}. */
    static final int RECENT_SAMPLES = 12;
    /**
     * This process's own CPU use over the recent span, 0 to 1, at which it is overloaded: below {@link #CPU_LOAD}
     * by the rounding of one clock tick per core over the span.
     */
    static final double RECENT_LOAD = 0.75;

    /** The reading that decided a verdict of {@link #overloaded(long)}, checked in this order. */
    enum Verdict {
        /** The sweeper woke {@link #LAG_NANOS} late within the window. */
        LAG,
        /** The last CPU load reading (this process's or the machine's) reached {@link #CPU_LOAD}. */
        CPU,
        /** This process's own CPU use over the recent span reached {@link #RECENT_LOAD}. */
        PROCESS,
        /** Not overloaded. */
        NONE;

        /** The metric tag: {@code lag}, {@code cpu}, {@code process}, {@code none}. */
        String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final LongAdder[] verdicts = {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()};
    private final DoubleSupplier cpuLoad;
    private final LongSupplier processCpuNanos;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final AtomicReferenceArray<CpuSample> recent = new AtomicReferenceArray<>(RECENT_SAMPLES);
    private int nextSample;
    private final long tickNanos;
    private long windowStart;
    private long currentMaxLag;
    private long previousMaxLag;
    private int ticksSinceSample;
    private volatile long lagNanos;
    private volatile long stalledNanos;
    private volatile double load;
    private final AtomicLong lastReadNanos;

    /** A signal without this process's own CPU samples: judged by the lag and {@code cpuLoad} alone. */
    OverloadSignal(DoubleSupplier cpuLoad, Duration tick, long startNanos) {
        this(cpuLoad, () -> -1, tick, startNanos);
    }

    /**
     * @param cpuLoad         recent CPU use from 0 to 1, negative when unknown; read on the sweeper's thread
     * @param processCpuNanos this process's CPU time so far, negative when unknown; cheap enough to read every
     *                        sweep and on a missed deadline
     * @param tick            the sweeper's tick: waking up to one tick late is noise, not a stall
     */
    OverloadSignal(DoubleSupplier cpuLoad, LongSupplier processCpuNanos, Duration tick, long startNanos) {
        this.cpuLoad = cpuLoad;
        this.processCpuNanos = processCpuNanos;
        this.tickNanos = tick.toNanos();
        this.windowStart = startNanos;
        this.lastReadNanos = new AtomicLong(startNanos);
    }

    /** A signal reading the process's and the machine's CPU load from the platform. */
    static OverloadSignal ofThisProcess(Duration tick, long startNanos) {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean platform) {
            DoubleSupplier process = processLoad(platform);
            return new OverloadSignal(() -> Math.max(process.getAsDouble(), platform.getCpuLoad()),
                    platform::getProcessCpuTime, tick, startNanos);
        }
        return new OverloadSignal(() -> -1, tick, startNanos);
    }

    /**
     * This process's CPU use since this supplier's own previous reading, 0 to 1 of all cores. The platform's
     * {@code getProcessCpuLoad} measures since the previous call by anyone in the JVM: with several signals (one per
     * Redis policy) each read another's few milliseconds, and a fresh reading at the start of a saturation could
     * still look idle.
     */
    static DoubleSupplier processLoad(com.sun.management.OperatingSystemMXBean platform) {
        int cores = Runtime.getRuntime().availableProcessors();
        long[] previous = {System.nanoTime(), platform.getProcessCpuTime()};
        return () -> {
            synchronized (previous) {
                long now = System.nanoTime();
                long cpu = platform.getProcessCpuTime();
                long wall = now - previous[0];
                if (wall <= 0 || cpu < 0) {
                    return -1;
                }
                double load = (cpu - previous[1]) / ((double) wall * cores);
                previous[0] = now;
                previous[1] = cpu;
                return Math.min(1, load);
            }
        };
    }

    /** The sweeper woke at {@code now}, {@code lateNanos} after its tick was due; called on its thread only. */
    void swept(long now, long lateNanos) {
        if (now - windowStart >= WINDOW_NANOS) {
            previousMaxLag = now - windowStart >= 2 * WINDOW_NANOS ? 0 : currentMaxLag;
            currentMaxLag = 0;
            windowStart = now;
        }
        currentMaxLag = Math.max(currentMaxLag, lateNanos);
        if (lateNanos > tickNanos) {
            stalledNanos += lateNanos - tickNanos;
        }
        lagNanos = Math.max(currentMaxLag, previousMaxLag);
        long cpu = processCpuNanos.getAsLong();
        if (cpu >= 0) {
            recent.set(nextSample, new CpuSample(now, cpu));
            nextSample = (nextSample + 1) % RECENT_SAMPLES;
        }
        if (++ticksSinceSample >= CPU_SAMPLE_TICKS) {
            ticksSinceSample = 0;
            lastReadNanos.set(now);
            load = Math.max(0, cpuLoad.getAsDouble());
        }
    }

    boolean overloaded() {
        return lagNanos >= LAG_NANOS || load >= CPU_LOAD;
    }

    /**
     * Overloaded at {@code now}, also judging this process's own CPU use over the last {@link #RECENT_NANOS} or so,
     * and reading the CPU load afresh when the last reading is older than {@link #FRESH_NANOS}: the first calls of a
     * sudden saturation miss their deadline before the sweeper's next reading, and judged on the idle one they would
     * count as an outage. A fresh reading alone is not enough: it averages over the time since the one before it,
     * idle time before the saturation included. At most one fresh reading per {@link #FRESH_NANOS}, from whichever
     * thread asks first.
     */
    boolean overloaded(long now) {
        Verdict verdict = verdict(now);
        verdicts[verdict.ordinal()].increment();
        return verdict != Verdict.NONE;
    }

    private Verdict verdict(long now) {
        if (lagNanos >= LAG_NANOS) {
            return Verdict.LAG;
        }
        if (load >= CPU_LOAD) {
            return Verdict.CPU;
        }
        if (recentProcessLoad(now) >= RECENT_LOAD) {
            return Verdict.PROCESS;
        }
        long last = lastReadNanos.get();
        if (now - last >= FRESH_NANOS && lastReadNanos.compareAndSet(last, now)) {
            load = Math.max(0, cpuLoad.getAsDouble());
        }
        return load >= CPU_LOAD ? Verdict.CPU : Verdict.NONE;
    }

    /** How many times {@link #overloaded(long)} was answered for {@code verdict}'s reason. */
    long verdicts(Verdict verdict) {
        return verdicts[verdict.ordinal()].sum();
    }

    /**
     * This process's CPU use, 0 to 1 of all cores, from the newest sample at least {@link #RECENT_NANOS} before
     * {@code now} to now; negative when there is no such sample or the CPU time is unknown.
     */
    double recentProcessLoad(long now) {
        CpuSample from = null;
        for (int i = 0; i < RECENT_SAMPLES; i++) {
            CpuSample sample = recent.get(i);
            if (sample != null && now - sample.nanos() >= RECENT_NANOS && (from == null || sample.nanos() > from.nanos())) {
                from = sample;
            }
        }
        long cpu = from == null ? -1 : processCpuNanos.getAsLong();
        if (cpu < 0) {
            return -1;
        }
        return Math.min(1, (cpu - from.cpuNanos()) / ((double) (now - from.nanos()) * cores));
    }

    /** This process's CPU time at one sweep. */
    private record CpuSample(long nanos, long cpuNanos) {
    }

    /**
     * A clock that stops while this process is stalled: {@code now} less every stall the sweeper has measured (its
     * lateness beyond one tick). The time between two readings is how long this process could run meanwhile, so a
     * silence measured on it is one our own starvation does not explain.
     */
    long runningNanos(long now) {
        return now - stalledNanos;
    }

    /** The most a sweep was late over the recent window. */
    long lagNanos() {
        return lagNanos;
    }

    /** The last CPU load read, 0 to 1. */
    double cpuLoad() {
        return load;
    }
}
