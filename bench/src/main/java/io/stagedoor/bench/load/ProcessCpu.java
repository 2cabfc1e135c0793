package io.stagedoor.bench.load;

import java.lang.management.ManagementFactory;

/** CPU time this JVM has used (every thread: server, broker and driver alike), in nanoseconds. */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    public static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
