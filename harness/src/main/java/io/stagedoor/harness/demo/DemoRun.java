package io.stagedoor.harness.demo;

import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.QuietLogs;
import java.io.PrintStream;

/**
 * One demo on-sale: starts the pipeline, plays the scripted sale against it over HTTP with a live progress line,
 * stops the pipeline, then prints the report and the audit of the run. What {@code stagedoor demo} calls.
 */
public final class DemoRun {

    private DemoRun() {
    }

    /**
     * Plays {@code settings} against a pipeline started with {@code options}; returns whether the audit passed.
     * {@code quiet} leaves the progress line out, {@code verbose} lets the pipeline's logs through.
     */
    public static boolean play(DemoSettings settings, Pipeline.Options options, boolean quiet, boolean verbose,
                               PrintStream out) throws Exception {
        out.println("starting the pipeline (embedded Redis" + (options.kafka() == null ? " and Kafka" : "") + ") ...");
        DemoReport report;
        try (AutoCloseable logs = verbose ? () -> { } : QuietLogs.quiet();
             Pipeline pipeline = Pipeline.start(options)) {
            out.printf("ingress on http://127.0.0.1:%d, kafka %s, redis %s%n", pipeline.port(),
                    pipeline.kafkaBootstrap(), RedisEndpoint.mask(pipeline.redisUri()));
            OnSale sale = new OnSale(pipeline, options.topics(), settings);
            try (ProgressLine line = quiet ? null : new ProgressLine(out, sale.tally(), settings.buyers(),
                    DemoEvent.seats().size())) {
                report = sale.run();
            }
        }
        out.println();
        out.print(report.render());
        return report.passed();
    }
}
