package io.stagedoor.harness;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops a child process the way a scheduler would: SIGTERM, up to {@code grace} for its shutdown hooks, then SIGKILL;
 * and SIGKILL for every process it had started (a JVM's Redis, nginx's workers), which a SIGTERM may leave behind.
 */
public final class ProcessStop {

    private ProcessStop() {
    }

    /** Returns once {@code process} has exited or was killed; an interrupt still kills its children. */
    public static void stop(Process process, Duration grace) {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }
}
