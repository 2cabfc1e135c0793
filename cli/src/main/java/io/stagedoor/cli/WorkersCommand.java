package io.stagedoor.cli;

import io.stagedoor.ingress.metrics.TraceExemplars;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.stagedoor.workers.WorkerRole;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.launch.Workers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stagedoor workers}: one worker process; start more to scale. SIGTERM drains it. */
@Command(name = "workers", mixinStandardHelpOptions = true,
        description = "Run a worker process (inventory and checkout pool, or one of them); SIGTERM drains it.")
final class WorkersCommand implements Callable<Integer> {

    @Option(names = "--kafka", required = true, description = "Kafka bootstrap servers (host:port).")
    String kafka;

    @Option(names = "--namespace", defaultValue = "", description = "Topic namespace (default none).")
    String namespace;

    @Option(names = "--roles", split = ",", description = "inventory, checkout or both (default both).")
    Set<WorkerRole> roles = EnumSet.allOf(WorkerRole.class);

    @Option(names = "--state-dir", defaultValue = "data/streams", description = "Where the inventory keeps its local state (default ${DEFAULT-VALUE}).")
    Path stateDir;

    @picocli.CommandLine.Mixin
    io.stagedoor.cli.ConfigOptions config;

    @Option(names = "--metrics-port", defaultValue = "9404", description = "Port of GET /metrics (default ${DEFAULT-VALUE}; 0 picks one).")
    int metricsPort;

    @Option(names = "--metrics-bind", defaultValue = "127.0.0.1", description = "Address of GET /metrics (default ${DEFAULT-VALUE}).")
    String metricsBind;

    @Option(names = "--gateway-url", description = "The payment gateway's base URL (default: the in-process simulated gateway).")
    java.net.URI gatewayUrl;

    @Override
    public Integer call() throws InterruptedException {
        WorkerSettings settings = config.load().workers().withKafka(kafka).withNamespace(namespace).withRoles(roles)
                .withStateDir(stateDir);
        if (gatewayUrl != null) {
            settings = settings.withGatewayUrl(gatewayUrl);
        }
        PrometheusMeterRegistry registry = TraceExemplars.registry();
        MetricsEndpoint metrics;
        try {
            // first: a port taken stops the command before any worker joins a group
            metrics = MetricsEndpoint.start(metricsBind, metricsPort, registry);
        } catch (IllegalStateException taken) {
            System.err.println(taken.getMessage());
            return 2;
        }
        Workers workers = Workers.start(settings, Workers.gatewayFor(settings), registry);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            workers.close();
            metrics.close();
        }, "workers-drain"));
        System.out.println("workers running " + settings.roles() + " against " + kafka + "; metrics on http://"
                + metricsBind + ":" + metrics.port() + "/metrics");
        Thread.currentThread().join(Duration.ofDays(365).toMillis());
        return 0;
    }
}
