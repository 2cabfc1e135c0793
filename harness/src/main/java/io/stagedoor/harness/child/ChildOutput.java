package io.stagedoor.harness.child;

import io.stagedoor.harness.HarnessMessages;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reads a child pipeline's output (standard output and error merged) on a thread of its own until it ends, so the
 * child never blocks on a full pipe: completes {@link #ready()} at the {@linkplain PipelineReady ready line}, keeps
 * the last {@value #TAIL_LINES} lines for an error message, and passes every line on to {@code echo} when there is
 * one ({@code --verbose}). Thread-safe.
 */
final class ChildOutput {

    /** Lines kept for the error when the child fails. */
    static final int TAIL_LINES = 40;

    private final Deque<String> tail = new ArrayDeque<>();
    private final CompletableFuture<PipelineReady> ready = new CompletableFuture<>();
    private final Thread reader;

    private ChildOutput(InputStream output, PrintStream echo) {
        reader = Thread.ofPlatform().daemon().name("pipeline-output").unstarted(() -> read(output, echo));
    }

    /** Starts reading {@code output}; {@code echo} null keeps the lines to the tail. */
    static ChildOutput follow(InputStream output, PrintStream echo) {
        ChildOutput child = new ChildOutput(output, echo);
        child.reader.start();
        return child;
    }

    /** Completes with the ready line's figures, or exceptionally when the output ended without one. */
    CompletableFuture<PipelineReady> ready() {
        return ready;
    }

    /** The last lines the child printed, oldest first. */
    synchronized List<String> tail() {
        return List.copyOf(tail);
    }

    /** Waits up to {@code millis} for the output to end (the child has exited and its pipe is drained). */
    void awaitEnd(long millis) throws InterruptedException {
        reader.join(millis);
    }

    private void read(InputStream output, PrintStream echo) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                keep(line);
                if (echo != null) {
                    echo.println(line);
                }
                if (!ready.isDone()) {
                    try {
                        PipelineReady.parse(line).ifPresent(ready::complete);
                    } catch (IllegalStateException unreadable) {
                        ready.completeExceptionally(unreadable);
                    }
                }
            }
        } catch (IOException closed) {
            // the child is gone: what it printed is all there is
        } finally {
            ready.completeExceptionally(new IllegalStateException(HarnessMessages.outputEnded()));
        }
    }

    private synchronized void keep(String line) {
        if (tail.size() == TAIL_LINES) {
            tail.removeFirst();
        }
        tail.addLast(line);
    }
}
