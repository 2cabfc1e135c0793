package io.stagedoor.workers;

import io.stagedoor.workers.launch.WorkerMain;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A worker in its own JVM ({@link WorkerMain}), on this test JVM's class path. */
final class WorkerProcess implements AutoCloseable {

    private final Process process;
    private final CountDownLatch ready = new CountDownLatch(1);

    private WorkerProcess(Process process) {
        this.process = process;
        Thread.ofPlatform().daemon().name("worker-stdout").start(() -> {
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.contains(WorkerMain.READY)) {
                        ready.countDown();
                    }
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        });
    }

    /** Starts a worker process running both roles and waits until it says it is ready. */
    static WorkerProcess start(TestPipeline pipeline, URI gatewayUrl, String... extra) throws Exception {
        Path state = Files.createTempDirectory("stagedoor-worker-");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-cp", System.getProperty("java.class.path"), WorkerMain.class.getName(),
                "--kafka", pipeline.bootstrap, "--namespace", pipeline.names.namespace(),
                "--gateway-url", gatewayUrl.toString(), "--state-dir", state.toString(),
                "--payment-timeout-ms", "3000", "--record-lock-ms", "15000"));
        command.addAll(List.of(extra));
        Process process = new ProcessBuilder(command)
                .redirectError(state.resolve("worker.log").toFile())
                .start();
        WorkerProcess worker = new WorkerProcess(process);
        if (!worker.ready.await(90, TimeUnit.SECONDS)) {
            worker.close();
            throw new IllegalStateException("worker process not ready; see " + state.resolve("worker.log"));
        }
        return worker;
    }

    /** SIGKILL: no drain, no leave, no commit. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, then waits for the drain to finish. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(Duration.ofSeconds(40).toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
