package io.stagedoor.bench.storm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs wrk (Debian's package) with the storm's Lua script for one round and reads the line its {@code done} writes. */
final class Wrk {

    private static final Pattern LINE = Pattern.compile(
            "STORM requests=(\\d+) seconds=([0-9.]+) p50us=(\\d+) p99us=(\\d+) errors=(\\d+) statuses=(\\S*)");

    /** One round as wrk saw it. */
    record Figures(long requests, double seconds, long p50Micros, long p99Micros, long errors, String statuses) {
        double perSecond() {
            return requests / seconds;
        }
    }

    private final Path script;
    private final int port;
    private final String path;
    private final String seat;
    private final int threads;
    private final int connections;

    Wrk(Path script, int port, String path, String seat, int threads, int connections) {
        this.script = script;
        this.port = port;
        this.path = path;
        this.seat = seat;
        this.threads = threads;
        this.connections = connections;
    }

    Figures run(Path tokens, Duration duration) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of("wrk", "-t" + threads, "-c" + connections,
                "-d" + duration.toSeconds() + "s", "--timeout", "5s", "-s", script.toString(),
                "http://127.0.0.1:" + port))
                .redirectErrorStream(true);
        builder.environment().putAll(Map.of("STORM_TOKENS", tokens.toString(), "STORM_PATH", path, "STORM_SEAT", seat,
                "STORM_THREADS", String.valueOf(threads)));
        Process wrk;
        try {
            wrk = builder.start();
        } catch (IOException missing) {
            throw new IllegalStateException("bench/run storm needs wrk on the PATH (apt-get install wrk)", missing);
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
