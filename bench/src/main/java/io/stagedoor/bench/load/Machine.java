package io.stagedoor.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the machine was doing: cores, Java, and the load average, printed with every benchmark's figures. */
public final class Machine {

    private Machine() {
    }

    /** "2 cores, Java 25, load average 1.23 0.98 0.77" (load average from /proc/loadavg when there is one). */
    public static String describe() {
        return String.format(Locale.ROOT, "%d cores, Java %s, load average %s",
                Runtime.getRuntime().availableProcessors(), Runtime.version().feature(), loadAverage());
    }

    /** The 1, 5 and 15 minute load averages, or "unknown". */
    public static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
