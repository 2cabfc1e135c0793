package io.stagedoor.harness.chaos;

import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.ProcessStop;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One part of the pipeline in its own JVM: started from a fixed command line, its output appended to
 * {@code <name>.log} in the run's directory, ready once a given text appears in what it printed since it started.
 * It can be stopped (SIGTERM), killed (SIGKILL, children too) and started again with the same command, so on the
 * same ports and data directory. Not thread-safe: one harness thread drives it.
 */
final class ProcessPart implements AutoCloseable {

    /** How long a part may take to start before the run fails. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    /** How long a SIGTERM may take before the part is killed. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final String name;
    private final List<String> command;
    private final String readyText;
    private final Path log;
    private Process process;

    ProcessPart(String name, List<String> command, String readyText, Path runDir) {
        this.name = name;
        this.command = List.copyOf(command);
        this.readyText = readyText;
        this.log = runDir.resolve(name + ".log");
    }

    /** A part running {@code mainClass} with {@code args} on this JVM's class path, with a small heap. */
    static ProcessPart java(String name, String heap, String mainClass, List<String> args, String readyText,
                            Path runDir) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k",
                "-Dstagedoor.part=" + name,
                "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        return new ProcessPart(name, command, readyText, runDir);
    }

    String name() {
        return name;
    }

    Path log() {
        return log;
    }

    boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** Starts the part and returns once it printed its ready text. */
    void start() {
        if (isAlive()) {
            return;
        }
        long offset = logSize();
        try {
            Files.writeString(log, "---- start " + java.time.Instant.now() + " ----\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(HarnessMessages.cannotStartPart(name), e);
        }
        awaitReady(offset);
    }

    /** SIGTERM: the part shuts down as it would when a scheduler stops it; returns once it has exited. */
    void stop() {
        if (process == null) {
            return;
        }
        ProcessStop.stop(process, STOP_TIMEOUT);
    }

    /** SIGKILL, for the part and every process it started: no shutdown hook, no drain, no commit. */
    void kill() {
        if (process == null) {
            return;
        }
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the part if it runs. */
    @Override
    public void close() {
        if (isAlive()) {
            stop();
        }
    }

    private void awaitReady(long offset) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (printedSince(offset).contains(readyText)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(HarnessMessages.partExitedBeforeReady(name, process.exitValue(), log));
            }
            pause();
        }
        kill();
        throw new IllegalStateException(HarnessMessages.partNotReady(name, START_TIMEOUT, log));
    }

    private String printedSince(long offset) {
        try {
            byte[] all = Files.readAllBytes(log);
            return offset >= all.length ? "" : new String(all, (int) offset, all.length - (int) offset,
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private long logSize() {
        try {
            return Files.exists(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100); // polling a child's log: nothing to wait on but the file
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(HarnessMessages.interruptedWhileAPartStarted(), e);
        }
    }
}
