package io.stagedoor.system.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a node project's tests ({@code node --test}) against a pipeline a Java test started, for the suites written in
 * JavaScript: the pages' browser tests and the JavaScript client's. Without node or the project's npm packages they
 * cannot run: where {@code STAGEDOOR_REQUIRE_BROWSER} is set (CI sets it, after {@code .ci/run} installed them) that is
 * a failure saying what to install, since a suite that skips itself there would pass broken code; elsewhere (a
 * newcomer's {@code mvn -B verify} with only a JDK and Maven) the test is skipped with the same message.
 */
public final class NodeTests {

    /** The environment variable that turns missing tooling from a skip into a failure. */
    public static final String REQUIRE_TOOLING = "STAGEDOOR_REQUIRE_BROWSER";

    private NodeTests() {
    }

    /** The repository's {@code name/} project (a folder with a package.json), found from the module directory. */
    public static Path project(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(name).resolve("package.json"))) {
                return dir.resolve(name);
            }
        }
        return fail("no " + name + "/package.json above " + Path.of("").toAbsolutePath());
    }

    /**
     * Skips the calling test, or fails it where {@link #REQUIRE_TOOLING} is set, when node 20+ or one of the npm
     * {@code packages} of {@code project} is missing, or {@code extra} (a further check, such as Chromium) fails.
     */
    public static void requireTooling(String suite, Path project, List<String> packages, Runnable extra) {
        try {
            requireNode(suite);
            for (String pkg : packages) {
                if (!Files.isDirectory(project.resolve("node_modules").resolve(pkg))) {
                    fail(suite + " needs the npm packages of " + project + ": run `npm ci` there (.ci/run does)");
                }
            }
            extra.run();
        } catch (AssertionError missing) {
            if (System.getenv(REQUIRE_TOOLING) != null) {
                throw missing;
            }
            Assumptions.abort(missing.getMessage() + " (skipped; set " + REQUIRE_TOOLING + "=1 to make this a failure)");
        }
    }

    private static void requireNode(String suite) {
        try {
            Process version = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            String printed = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!version.waitFor(30, TimeUnit.SECONDS) || version.exitValue() != 0) {
                fail("`node --version` failed (" + printed + "); " + suite + " needs Node.js 20 or newer on the PATH");
            }
        } catch (IOException e) {
            fail(suite + " needs Node.js 20 or newer on the PATH (apt-get install -y nodejs): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while looking for node");
        }
    }

    /**
     * Runs {@code node --test --test-concurrency=1 <paths>} in {@code project} with {@code environment} added, its
     * output in {@code log}, and fails unless it exits 0 having passed tests and failed none; with
     * {@code noSkips}, also when any test skipped itself. Returns the output.
     */
    public static String run(Path project, List<String> paths, Map<String, String> environment, Path log,
                             long timeoutMinutes, boolean noSkips) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("node", "--test", "--test-concurrency=1"));
        command.addAll(paths);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(project.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process node = builder.start();
        node.getOutputStream().close();
        if (!node.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
            node.destroyForcibly();
            fail(String.join(" ", command) + " did not finish within " + timeoutMinutes + " minutes; output in " + log);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(node.exitValue())
                .as("%s in %s with %s failed; output:%n%s", String.join(" ", command), project, environment, output)
                .isZero();
        assertThat(output).contains("# fail 0").doesNotContain("# pass 0");
        if (noSkips) {
            assertThat(output).as("no test may skip itself here; output:%n%s", output).contains("# skipped 0");
        }
        return output;
    }
}
