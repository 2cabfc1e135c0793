package io.stagedoor.harness.child;

import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.harness.ProcessStop;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The whole pipeline (ingress, workers, and Kafka unless the options name one) in a child JVM: this JVM's
 * {@code java} and class path running {@link PipelineMain}. {@link #start} returns once the child printed where it
 * listens; {@link #close()} closes the child's standard input, which stops it, and kills it (children too) if it
 * has not exited after {@link #STOP_GRACE}. The child watches its standard input, so it also stops when this JVM
 * dies without closing it. Redis is the one the options name; without one the child starts an embedded Redis of
 * its own (which the caller then cannot stop) unless the configuration names a cluster.
 */
public final class PipelineProcess implements AutoCloseable {

    /** How long the child may take to be ready: a cold broker and Kafka Streams' first rebalance. */
    public static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    /** How long the child may take to stop after its input closed, before it is killed. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(30);
    /** Options of this JVM the child gets too: warnings silenced and the log format chosen. */
    private static final List<String> INHERITED = List.of("--sun-misc-unsafe-memory-access", "--enable-native-access",
            "-Dlogback.configurationFile");

    private final Process process;
    private final ChildOutput output;
    private final PipelineReady ready;

    private PipelineProcess(Process process, ChildOutput output, PipelineReady ready) {
        this.process = process;
        this.output = output;
        this.ready = ready;
    }

    /**
     * Starts the child with {@code options} and returns once it is ready. {@code echo} gets every line the child
     * prints (null: none, and the child's logs are quiet but for our own errors). When the child exits or is not
     * ready in time, it is stopped and the exception carries its last lines.
     */
    public static PipelineProcess start(PipelineOptions options, PrintStream echo) {
        return start(options, echo, Map.of());
    }

    /**
     * {@link #start(PipelineOptions, PrintStream)}, the child's configuration given {@code settings}: the
     * {@code STAGEDOOR_*} variables of the configuration ({@code StagedoorConfig.environmentVariable}), which the child
     * reads as any {@code up} does. No other {@code STAGEDOOR_*} variable of this process reaches it.
     */
    public static PipelineProcess start(PipelineOptions options, PrintStream echo, Map<String, String> settings) {
        List<String> command = command(new PipelineArgs(options, echo != null));
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            // only the settings given here: a STAGEDOOR_* variable of the caller's shell would change every child
            builder.environment().keySet().removeIf(name -> name.startsWith("STAGEDOOR_"));
            builder.environment().putAll(settings);
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException(HarnessMessages.pipelineNotLaunched(command), e);
        }
        ChildOutput output = ChildOutput.follow(process.getInputStream(), echo);
        try {
            PipelineReady ready = output.ready().get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return new PipelineProcess(process, output, ready);
        } catch (ExecutionException ended) {
            int exit = exitCode(process, output);
            throw new IllegalStateException(HarnessMessages.pipelineExited(exit, output.tail()), ended.getCause());
        } catch (TimeoutException e) {
            ProcessStop.stop(process, STOP_GRACE);
            throw new IllegalStateException(HarnessMessages.pipelineNotReady(START_TIMEOUT, output.tail()), e);
        } catch (InterruptedException e) {
            ProcessStop.stop(process, STOP_GRACE);
            Thread.currentThread().interrupt();
            throw new IllegalStateException(HarnessMessages.pipelineNotReady(START_TIMEOUT, output.tail()), e);
        }
    }

    /** The ingress's public port on 127.0.0.1. */
    public int port() {
        return ready.port();
    }

    /** The ingress's admin listener on 127.0.0.1: {@code /metrics}, the admin routes. */
    public int adminPort() {
        return ready.adminPort();
    }

    /** The Kafka the child's pipeline uses. */
    public String kafkaBootstrap() {
        return ready.kafkaBootstrap();
    }

    /** The child's process, for a test that checks it is gone. */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** The child's exit status once it has exited; empty while it runs. */
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /** Stops the child: its input closed, then SIGTERM and SIGKILL if it is still there. Idempotent. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException alreadyClosed) {
            // the child is gone or going
        }
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                ProcessStop.stop(process, STOP_GRACE);
            }
            output.awaitEnd(STOP_GRACE.toMillis());
        } catch (InterruptedException e) {
            ProcessStop.stop(process, STOP_GRACE);
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> command(PipelineArgs args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (INHERITED.stream().anyMatch(option::startsWith)) {
                command.add(option);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), PipelineMain.class.getName()));
        command.addAll(args.toArgs());
        return command;
    }

    /** The exit code once the child has exited and its last lines are read (it printed why before exiting). */
    private static int exitCode(Process process, ChildOutput output) {
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                ProcessStop.stop(process, STOP_GRACE);
            }
            output.awaitEnd(STOP_GRACE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return process.isAlive() ? -1 : process.exitValue();
    }
}
