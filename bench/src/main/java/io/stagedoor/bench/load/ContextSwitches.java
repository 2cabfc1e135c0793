package io.stagedoor.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * How often this JVM's threads have been switched off a core so far (voluntarily, waiting, or not), summed over
 * {@code /proc/self/task}; -1 where there is no {@code /proc}. A thread that ended between two readings takes its
 * count with it, so read it around work done by long-lived threads (servers' pools, event loops, carriers).
 */
public final class ContextSwitches {

    private static final Path TASKS = Path.of("/proc/self/task");

    private ContextSwitches() {
    }

    public static long total() {
        if (!Files.isDirectory(TASKS)) {
            return -1;
        }
        try (Stream<Path> tasks = Files.list(TASKS)) {
            return tasks.mapToLong(ContextSwitches::ofTask).sum();
        } catch (IOException e) {
            return -1;
        }
    }

    private static long ofTask(Path task) {
        try (Stream<String> lines = Files.lines(task.resolve("status"))) {
            return lines.filter(line -> line.contains("ctxt_switches:"))
                    .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim()))
                    .sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
