package io.stagedoor.harness.demo;

import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.harness.QuietLogs;
import io.stagedoor.harness.child.PipelineProcess;
import java.io.PrintStream;
import java.util.Map;

/**
 * One demo on-sale: starts Redis (embedded, in this JVM's care so that the demo can stop it) and the pipeline in a
 * JVM of its own, plays the scripted sale against it over HTTP with a live progress line, stops the pipeline, then
 * prints the report and the audit of the run. The crowd, the script, the office, the gate and the audit run here,
 * apart from the pipeline they measure. What {@code stagedoor demo} calls.
 */
public final class DemoRun {

    private DemoRun() {
    }

    /**
     * Plays {@code settings} against a pipeline started with {@code options}; returns whether the audit passed.
     * {@code quiet} leaves the progress line out, {@code verbose} lets the pipeline's logs through.
     */
    public static boolean play(DemoSettings settings, PipelineOptions options, boolean quiet, boolean verbose,
                               PrintStream out) throws Exception {
        DemoReport report = sale(settings, options, quiet, verbose, out);
        out.println();
        out.print(report.render());
        return report.passed();
    }

    /**
     * The sale of {@link #play} without its report printed: returns once the pipeline's process and the Redis this
     * started are gone.
     */
    @SuppressWarnings("try") // the progress line is held only for its close
    static DemoReport sale(DemoSettings settings, PipelineOptions options, boolean quiet, boolean verbose,
                           PrintStream out) throws Exception {
        return withPipeline(options, Map.of(), verbose, out, target -> {
            out.printf("rehearsal: %d buyers on an event of their own warm the pipeline first (not counted)%n",
                    Rehearsal.buyers(settings));
            OnSale sale = new OnSale(target, options.topics(), settings);
            try (ProgressLine line = quiet ? null : new ProgressLine(out, sale.tally(), settings.buyers(),
                    DemoEvent.seats().size())) {
                return sale.run();
            }
        });
    }

    /** What a demo does with the pipeline it started. */
    @FunctionalInterface
    interface PipelineUse<T> {
        T with(DemoTarget target) throws Exception;
    }

    /**
     * Starts Redis (embedded, in this JVM's care, unless {@code options} name one) and the pipeline in a JVM of its
     * own, its configuration given {@code settings} ({@code STAGEDOOR_*} variables), hands it to {@code use}, and
     * returns once the pipeline's process and the Redis this started are gone.
     */
    @SuppressWarnings("try") // the quiet logs are held only for their close
    static <T> T withPipeline(PipelineOptions options, Map<String, String> settings, boolean verbose, PrintStream out,
                              PipelineUse<T> use) throws Exception {
        StagedoorConfig config = StagedoorConfig.defaults();
        boolean ownRedis = Pipeline.startsEmbeddedRedis(options, config);
        out.println("starting " + (ownRedis ? "embedded Redis, then " : "") + "the pipeline in its own JVM (ingress,"
                + " workers" + (options.kafka() == null ? ", embedded Kafka" : "") + ") ...");
        // Closed in reverse: the pipeline's process stops before its Redis does.
        try (AutoCloseable logs = verbose ? () -> { } : QuietLogs.quiet();
             EmbeddedRedis redis = ownRedis ? EmbeddedRedis.start(options.redisPort()) : null;
             PipelineProcess pipeline = PipelineProcess.start(redis == null ? options
                     : options.toBuilder().redis(redis.uri()).build(), verbose ? out : null, settings)) {
            String redisUri = redis != null ? redis.uri() : options.redis();
            out.printf("ingress on http://127.0.0.1:%d (pid %d), kafka %s, redis %s%n", pipeline.port(),
                    pipeline.handle().pid(), pipeline.kafkaBootstrap(),
                    redisUri == null ? "cluster (configured)" : RedisEndpoint.mask(redisUri));
            return use.with(new DemoTarget(pipeline.port(), pipeline.adminPort(),
                    Pipeline.connection(options, config, pipeline.kafkaBootstrap()), redis));
        }
    }
}
