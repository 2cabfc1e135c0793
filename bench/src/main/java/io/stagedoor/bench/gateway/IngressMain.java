package io.stagedoor.bench.gateway;

import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.harness.Pipeline.Part;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;

/**
 * One ingress and nothing else in this JVM, as {@code stagedoor ingress} runs it: the harness's pipeline with only
 * its ingress part, against a running Kafka and Redis, with the product's configuration ({@code STAGEDOOR_*}
 * variables, then the {@code key=value} arguments). Stops on SIGTERM.
 *
 * <p>Arguments: Kafka bootstrap, Redis URI, port, admin port, data directory, then any {@code key=value} settings.
 */
public final class IngressMain {

    private IngressMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        PipelineOptions options = PipelineOptions.builder(Path.of(args[4])).port(Integer.parseInt(args[2]))
                .kafka(args[0]).redis(args[1]).kafkaPort(0).redisPort(0).adminPort(Integer.parseInt(args[3]))
                .parts(EnumSet.of(Part.INGRESS)).build();
        StagedoorConfig config = StagedoorConfig.load(null, System.getenv(),
                Arrays.asList(args).subList(5, args.length));
        Pipeline ingress = Pipeline.start(options, config);
        Runtime.getRuntime().addShutdownHook(new Thread(ingress::close, "ingress-stop"));
        System.out.println("ingress listening on " + ingress.port() + ", admin " + ingress.adminPort());
        Thread.currentThread().join(Duration.ofDays(365).toMillis());
    }
}
