package io.stagedoor.harness.child;

import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.QuietLogs;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;

/**
 * The child side of {@link PipelineProcess}: starts the whole {@link Pipeline} with the options of its
 * {@linkplain PipelineArgs arguments}, prints one {@linkplain PipelineReady ready line} on standard output, and
 * stops the pipeline and exits when its standard input ends, which happens when the parent closes it or dies: the
 * child never outlives the JVM that started it. A SIGTERM stops it too. Exits 1 when the pipeline did not start,
 * after printing why.
 */
public final class PipelineMain {

    private PipelineMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        PipelineArgs parsed = PipelineArgs.parse(Arrays.asList(args));
        if (!parsed.verbose()) {
            QuietLogs.quiet();
        }
        // Watching from the start: a parent that dies while the broker starts must not leave a broker behind.
        Thread.ofPlatform().daemon().name("pipeline-stdin").start(() -> {
            drain(System.in);
            System.exit(0);
        });
        Pipeline pipeline;
        try {
            // The configuration's defaults, with what STAGEDOOR_* variables set (PipelineProcess passes a parent's)
            pipeline = Pipeline.start(parsed.options(), StagedoorConfig.load(null, System.getenv(), List.of()));
        } catch (RuntimeException e) {
            e.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(pipeline::close, "pipeline-stop"));
        System.out.println(new PipelineReady(pipeline.port(), pipeline.adminPort(), pipeline.kafkaBootstrap()).line());
        System.out.flush();
        Thread.currentThread().join();
    }

    /** Reads {@code in} to its end. */
    private static void drain(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) != -1) {
                // the parent writes nothing: only the end of the stream means something
            }
        } catch (IOException closed) {
            // a broken pipe is an end too
        }
    }
}
