package io.stagedoor.bench.gateway;

import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.Pipeline.Part;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
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
        Pipeline.Options options = new Pipeline.Options(Path.of(args[4]), Integer.parseInt(args[2]), args[0], args[1],
                0, 0, TopicSettings.DEFAULT_PARTITIONS, false, TopicNames.defaults())
                .withAdminPort(Integer.parseInt(args[3])).withParts(EnumSet.of(Part.INGRESS));
        StagedoorConfig config = StagedoorConfig.load(null, System.getenv(),
                Arrays.asList(args).subList(5, args.length));
        Pipeline ingress = Pipeline.start(options, config);
        Runtime.getRuntime().addShutdownHook(new Thread(ingress::close, "ingress-stop"));
        System.out.println("ingress listening on " + ingress.port() + ", admin " + ingress.adminPort());
        Thread.currentThread().join(Duration.ofDays(365).toMillis());
    }
}
