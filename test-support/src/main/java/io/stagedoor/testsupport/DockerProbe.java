package io.stagedoor.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.testcontainers.DockerClientFactory;

/**
 * Whether a Docker engine answers, asked once per JVM. Without a Docker socket or {@code DOCKER_HOST} the answer
 * is no at once, without loading Testcontainers (whose own probe can take seconds to give up).
 * {@code STAGEDOOR_TEST_DOCKER=false} skips Docker even when it answers.
 */
final class DockerProbe {

    private DockerProbe() {
    }

    static boolean answers() {
        return Answer.VALUE;
    }

    private static final class Answer {
        static final boolean VALUE = probe();
    }

    private static boolean probe() {
        if ("false".equalsIgnoreCase(System.getenv("STAGEDOOR_TEST_DOCKER")) || !mayHaveDocker()) {
            return false;
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static boolean mayHaveDocker() {
        if (System.getenv("DOCKER_HOST") != null) {
            return true;
        }
        String home = System.getProperty("user.home", "");
        String runtimeDir = System.getenv("XDG_RUNTIME_DIR");
        return Stream.of(
                        Path.of("/var/run/docker.sock"),
                        Path.of(home, ".docker", "run", "docker.sock"),
                        Path.of(home, ".testcontainers.properties"),
                        runtimeDir == null ? Path.of("/nonexistent") : Path.of(runtimeDir, "docker.sock"))
                .anyMatch(Files::exists);
    }
}
