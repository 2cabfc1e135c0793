package io.stagedoor.harness.demo;

import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.harness.PipelineOptions;
import java.io.PrintStream;
import java.util.Map;

/**
 * The fans-before-bots demo ({@code stagedoor demo --farm N}): starts the pipeline as the demo does, its ingress
 * believing loopback's {@code X-Forwarded-For} (the demo stands as the load balancer, so each fan and each of the
 * farm's accounts joins from an address of its own), plays {@link FarmSale}, prints the report and the audit's verdict.
 */
public final class FarmRun {

    /** The setting that makes the ingress believe the demo's {@code X-Forwarded-For}. */
    static final String TRUSTED_PROXIES = "ingress.trusted-proxies";

    private FarmRun() {
    }

    /** Plays {@code settings} against a pipeline started with {@code options}; returns whether the audit passed. */
    public static boolean play(FarmSettings settings, PipelineOptions options, boolean verbose, PrintStream out)
            throws Exception {
        FarmReport report = sale(settings, options, verbose, out);
        out.println();
        out.print(report.render());
        return report.passed();
    }

    static FarmReport sale(FarmSettings settings, PipelineOptions options, boolean verbose, PrintStream out)
            throws Exception {
        return DemoRun.withPipeline(options, Map.of(StagedoorConfig.environmentVariable(TRUSTED_PROXIES),
                "127.0.0.1/32"), verbose, out, target -> {
                    out.printf("fans before bots: %d fans and a farm of %d accounts register, draw, solve and queue ...%n",
                            settings.fans(), settings.accounts());
                    return new FarmSale(target, options.topics(), settings).run();
                });
    }
}
