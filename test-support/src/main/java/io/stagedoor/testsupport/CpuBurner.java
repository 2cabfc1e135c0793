package io.stagedoor.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Saturates this JVM's CPU: {@link #THREADS_PER_CORE} busy threads per available processor spin until closed, and
 * never longer than the bound given, so a failed test cannot leave them burning the machine.
 */
public final class CpuBurner implements AutoCloseable {

    public static final int THREADS_PER_CORE = 4;

    private final List<Thread> spinners = new ArrayList<>();
    private volatile boolean stopped;

    private CpuBurner() {
    }

    /**
     * The larger of this process's and the machine's recent CPU use, 0 to 1: what the overload signal reads. A test
     * polls it after {@link #start} until the saturation shows.
     */
    public static double cpuLoad() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return Math.max(os.getProcessCpuLoad(), os.getCpuLoad());
    }

    /** Starts the spinners and returns once every one of them runs. */
    public static CpuBurner start(Duration atMost) throws InterruptedException {
        CpuBurner saturation = new CpuBurner();
        int threads = THREADS_PER_CORE * Runtime.getRuntime().availableProcessors();
        CountDownLatch running = new CountDownLatch(threads);
        long until = System.nanoTime() + atMost.toNanos();
        for (int i = 0; i < threads; i++) {
            Thread spinner = new Thread(() -> {
                running.countDown();
                long sink = 0;
                while (!saturation.stopped && System.nanoTime() - until < 0) {
                    sink += Long.numberOfTrailingZeros(System.nanoTime() ^ sink);
                }
                if (sink == 42) {
                    Thread.yield();
                }
            }, "cpu-saturation-" + i);
            spinner.setDaemon(true);
            saturation.spinners.add(spinner);
            spinner.start();
        }
        if (!running.await(10, TimeUnit.SECONDS)) {
            saturation.close();
            throw new IllegalStateException(TestSupportMessages.spinnersDidNotStart());
        }
        return saturation;
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread spinner : spinners) {
            spinner.join(TimeUnit.SECONDS.toMillis(10));
        }
    }
}
