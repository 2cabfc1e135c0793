package io.stagedoor.bench.storm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs wrk (Debian's package) with the storm's Lua script ({@code /storm/holds.lua}) for one round against one
 * {@link Target} and reads the line its {@code done} writes.
 */
public final class Wrk {

    private static final Pattern LINE = Pattern.compile(
            "STORM requests=(\\d+) seconds=([0-9.]+) p50us=(\\d+) p99us=(\\d+) errors=(\\d+) statuses=(\\S*)");

    /** One round as wrk saw it. */
    public record Figures(long requests, double seconds, long p50Micros, long p99Micros, long errors,
                          String statuses) {
        public double perSecond() {
            return requests / seconds;
        }
    }

    /**
     * Where and what wrk sends: {@code method} ({@code POST} sends a one-seat hold of {@code seat}, {@code GET} no
     * body) to {@code path}, each buyer of the token file in {@code header} after {@code prefix} (an empty header:
     * none).
     */
    public record Target(String host, int port, String method, String path, String seat, String header,
                         String prefix) {
        /** A one-seat hold of {@code seat} by a bearer-token buyer, on 127.0.0.1. */
        public static Target holds(int port, String path, String seat) {
            return new Target("127.0.0.1", port, "POST", path, seat, "Authorization", "Bearer ");
        }

        /** A bare {@code GET path} without a buyer. */
        public static Target get(String host, int port, String path) {
            return new Target(host, port, "GET", path, "", "", "");
        }
    }

    private final Path script;
    private final Target target;
    private final int threads;
    private final int connections;

    public Wrk(Path script, Target target, int threads, int connections) {
        this.script = script;
        this.target = target;
        this.threads = threads;
        this.connections = connections;
    }

    Wrk(Path script, int port, String path, String seat, int threads, int connections) {
        this(script, Target.holds(port, path, seat), threads, connections);
    }

    public Target target() {
        return target;
    }

    /** The Lua script, copied out of the classpath into a temporary file wrk can read. */
    public static Path script() throws IOException {
        Path file = Files.createTempFile("stagedoor-storm-", ".lua");
        file.toFile().deleteOnExit();
        try (InputStream script = Wrk.class.getResourceAsStream("/storm/holds.lua")) {
            Files.write(file, script.readAllBytes());
        }
        return file;
    }

    /** A token file of {@code count} lines, line {@code i} being {@code line.apply(i)}: what the script sends. */
    public static Path tokenFile(int count, IntFunction<String> line) throws IOException {
        Path file = Files.createTempFile("stagedoor-storm-tokens-", ".txt");
        file.toFile().deleteOnExit();
        StringBuilder lines = new StringBuilder(count * 64);
        for (int i = 0; i < count; i++) {
            lines.append(line.apply(i)).append('\n');
        }
        Files.writeString(file, lines, StandardCharsets.US_ASCII);
        return file;
    }

    public Figures run(Path tokens, Duration duration) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of("wrk", "-t" + threads, "-c" + connections,
                "-d" + duration.toSeconds() + "s", "--timeout", "5s", "-s", script.toString(),
                "http://" + target.host() + ":" + target.port()))
                .redirectErrorStream(true);
        builder.environment().putAll(Map.of("STORM_TOKENS", tokens.toString(), "STORM_PATH", target.path(),
                "STORM_SEAT", target.seat(), "STORM_THREADS", String.valueOf(threads), "STORM_METHOD", target.method(),
                "STORM_HEADER", target.header(), "STORM_PREFIX", target.prefix()));
        Process wrk;
        try {
            wrk = builder.start();
        } catch (IOException missing) {
            throw new IllegalStateException("this benchmark needs wrk on the PATH (apt-get install wrk)", missing);
        }
        String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (wrk.waitFor() != 0) {
            throw new IllegalStateException("wrk failed: " + output);
        }
        Matcher line = LINE.matcher(output);
        if (!line.find()) {
            throw new IllegalStateException("wrk printed no STORM line: " + output);
        }
        return new Figures(Long.parseLong(line.group(1)), Double.parseDouble(line.group(2)), Long.parseLong(line.group(3)),
                Long.parseLong(line.group(4)), Long.parseLong(line.group(5)), line.group(6));
    }
}
