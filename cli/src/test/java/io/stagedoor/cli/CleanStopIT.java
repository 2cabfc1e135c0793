package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * {@code stagedoor up} in a process of its own, stopped as Ctrl-C or an orchestrator stops it (SIGTERM): every part
 * stops in order, last started first, and nothing logs an error. Before, the embedded broker's own exit hook stopped
 * it beside the pipeline's, while the checkout lanes were still leaving their share group: an error per lane.
 */
class CleanStopIT {

    @Test
    void upStopsWithoutLoggingAnError() throws Exception {
        Path dataDir = Files.createTempDirectory("clean-stop");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // the command's own logging, as a user sees it, not the test classpath's
        Path logging = Path.of("target", "classes", "logback.xml").toAbsolutePath();
        Path log = dataDir.resolve("up.log");
        Process up = new ProcessBuilder(java.toString(), "-Dlogback.configurationFile=" + logging,
                "-cp", System.getProperty("java.class.path"), Stagedoor.class.getName(), "up", "--port", "0",
                "--admin-port", "0", "--kafka-port", "0", "--redis-port", "0", "--data-dir", dataDir.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Awaitility.await().atMost(Duration.ofMinutes(2))
                    .until(() -> Files.readString(log).contains("Ctrl-C stops everything") || !up.isAlive());
            assertThat(up.isAlive()).as(Files.readString(log)).isTrue();

            up.destroy(); // SIGTERM: the JVM runs its exit hooks, as on Ctrl-C
            assertThat(up.waitFor(60, TimeUnit.SECONDS)).as(Files.readString(log)).isTrue();

            assertThat(Files.readString(log)).contains("workers stopped", "Kafka on").doesNotContain(" ERROR ");
        } finally {
            up.destroyForcibly();
        }
    }
}
