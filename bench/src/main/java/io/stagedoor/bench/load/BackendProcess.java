package io.stagedoor.bench.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Backend} in a child JVM on this JVM's classpath, talked to over its stdin and stdout. Its JVM flags:
 * {@code -Xmx2g} and whatever {@code BENCH_BACKEND_JAVA_OPTS} holds; {@code BENCH_BACKEND_NICE} runs it at that
 * {@code nice} level. Its log goes beside this JVM's ({@code bench.log} with {@code -backend} appended).
 */
public final class BackendProcess implements AutoCloseable {

    private static final long READY_SECONDS = 120;

    private final Process process;
    private final BufferedReader answers;
    private final PrintStream commands;
    private final String kafkaBootstrap;
    private final String redisUri;

    private BackendProcess(Process process, BufferedReader answers, String ready) {
        this.process = process;
        this.answers = answers;
        this.commands = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        String[] parts = ready.split(" ");
        this.kafkaBootstrap = parts[1];
        this.redisUri = parts[2];
    }

    public static BackendProcess start(Path data, int partitions) throws IOException {
        String log = System.getProperty("bench.log", "bench.log") + "-backend";
        List<String> command = new ArrayList<>();
        String nice = System.getenv().getOrDefault("BENCH_BACKEND_NICE", "").trim();
        if (!nice.isEmpty()) {
            command.addAll(List.of("nice", "-n", nice));
        }
        command.addAll(List.of(ProcessHandle.current().info().command().orElse("java"), "-Xmx2g",
                "--enable-native-access=ALL-UNNAMED", "-Dbench.log=" + log));
        String opts = System.getenv().getOrDefault("BENCH_BACKEND_JAVA_OPTS", "").trim();
        if (!opts.isEmpty()) {
            command.addAll(Arrays.asList(opts.split("\\s+")));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Backend.class.getName(),
                data.toString(), Integer.toString(partitions)));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(Path.of(log + ".err").toFile()))
                .start();
        BufferedReader answers = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        try {
            return new BackendProcess(process, answers, awaitReady(process, answers));
        } catch (IOException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** The backend's "ready" line; the process is stopped when it does not come within two minutes. */
    private static String awaitReady(Process process, BufferedReader answers) throws IOException {
        Thread watchdog = Thread.ofVirtual().start(() -> {
            try {
                if (!process.waitFor(READY_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            for (String line = answers.readLine(); line != null; line = answers.readLine()) {
                if (line.startsWith(Backend.READY + " ")) {
                    return line;
                }
            }
            throw new IOException("the backend process stopped before it was ready (exit "
                    + process.waitFor() + "); see its log");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the backend started", e);
        } finally {
            watchdog.interrupt();
        }
    }

    /** The backend's JVM (its Redis is a child process of it). */
    public ProcessHandle process() {
        return process.toHandle();
    }

    public String kafkaBootstrap() {
        return kafkaBootstrap;
    }

    public String redisUri() {
        return redisUri;
    }

    int paymentsInFlightMax() {
        commands.println(Backend.PAYMENTS_IN_FLIGHT_MAX);
        try {
            return Integer.parseInt(answers.readLine().trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Closes its stdin (it stops its pipeline and exits); forced after 30 s. */
    @Override
    public void close() {
        commands.close();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
