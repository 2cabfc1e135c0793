package io.stagedoor.bench.gateway;

import io.stagedoor.harness.ProcessStop;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A server the benchmark measures, in a process of its own: started from a fixed command line, its output written
 * to a log file of this run, ready once its port accepts connections. Its CPU time is read from the kernel ({@code utime +
 * stime} of {@code /proc/<pid>/stat}, through {@link ProcessHandle.Info}), its children's added when asked.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final String name;
    private final Process process;
    private final Path log;

    private ServerProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code command} and returns once {@code host:port} accepts a connection; stops it on failure. */
    public static ServerProcess start(String name, List<String> command, Path log, String host, int port) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
        ServerProcess server = new ServerProcess(name, process, log);
        try {
            server.awaitPort(host, port);
            return server;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** A Java server on this JVM's {@code java}, with the heap every measured JVM gets. */
    public static List<String> java(String heap, List<String> rest) {
        List<String> command = new java.util.ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"), "-Xmx" + heap, "-Xms" + heap));
        command.addAll(rest);
        return command;
    }

    private void awaitPort(String host, int port) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), 500);
                return;
            } catch (IOException notYet) {
                if (!process.isAlive()) {
                    throw new IOException(name + " exited with " + process.exitValue() + " before it listened; see " + log);
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException(name + " did not listen on " + host + ":" + port + " within "
                            + START_TIMEOUT.toSeconds() + " s; see " + log);
                }
                sleep();
            }
        }
    }

    private static void sleep() throws IOException {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while a server started", e);
        }
    }

    public Path log() {
        return log;
    }

    public String name() {
        return name;
    }

    /** CPU time (user and system) the process has used so far, in nanoseconds; with its children when asked. */
    public long cpuNanos(boolean withChildren) {
        long nanos = cpuNanos(process.toHandle());
        if (withChildren) {
            nanos += process.descendants().mapToLong(ServerProcess::cpuNanos).sum();
        }
        return nanos;
    }

    public static long cpuNanos(ProcessHandle handle) {
        return handle.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /** SIGTERM, then SIGKILL for it after 20 s, and for its children. */
    @Override
    public void close() {
        ProcessStop.stop(process, STOP_TIMEOUT);
    }
}
