package io.stagedoor.cli;

import io.stagedoor.ingress.Ingress;
import io.stagedoor.config.LimitsWatch;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.topics.TopicNames;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stagedoor ingress}: one ingress instance against existing Kafka and Redis. */
@Command(name = "ingress", mixinStandardHelpOptions = true,
        description = "Run one ingress instance against a running Kafka (the topics must exist).")
final class IngressCommand implements Callable<Integer> {

    @Option(names = "--kafka", required = true, description = "Kafka bootstrap servers (host:port).")
    String kafka;

    @Option(names = "--redis", description = "Redis URI: redis://[user:password@]host:port, rediss://… (TLS), "
            + "redis-sentinel://[password@]host:port[,host:port]/0#primary.")
    String redis;

    @Option(names = "--redis-cluster", split = ",",
            description = "Redis Cluster seed nodes host:port,host:port,… instead of --redis (default: ingress.redis-cluster).")
    java.util.List<String> redisCluster;

    @Option(names = "--port", description = "HTTP port (default: ingress.port, 8080).")
    Integer port;

    @Option(names = "--bind", description = "Address to listen on (default: ingress.bind-address, 127.0.0.1).")
    String bind;

    @Option(names = "--admin-port", description = "The admin listener's port (default: ingress.admin-port, 8081).")
    Integer adminPort;

    @Option(names = "--admin-bind", description = "The admin listener's address (default: ingress.admin-bind-address, 127.0.0.1).")
    String adminBind;

    @Option(names = "--instance-count", description = "Ingress instances behind the balancer (default: ingress.instance-count, 1).")
    Integer instanceCount;

    @Option(names = "--instance-index", description = "This instance's place among them, 0 to count-1: it follows the results partitions p % count == index (default: ingress.instance-index, 0).")
    Integer instanceIndex;

    @Option(names = "--namespace", defaultValue = "", description = "Topic namespace (default none).")
    String namespace;

    @Option(names = "--accounts", defaultValue = "data/accounts.json", description = "Buyer accounts file (default ${DEFAULT-VALUE}).")
    java.nio.file.Path accounts;

    @Option(names = "--api-keys", defaultValue = "data/api-keys.json", description = "Scanner API keys file (default ${DEFAULT-VALUE}).")
    java.nio.file.Path apiKeys;

    @picocli.CommandLine.Mixin
    io.stagedoor.cli.ConfigOptions config;

    @Option(names = "--trusted-proxy", split = ",", description = "CIDRs of load balancers whose X-Forwarded-For is believed.")
    java.util.List<String> trustedProxies;

    @Override
    public Integer call() throws InterruptedException {
        StagedoorConfig effective = config.load();
        IngressSettings.Builder builder = effective.ingress(kafka).topics(new TopicNames(namespace))
                .redisUri(redis).accountsFile(accounts).apiKeysFile(apiKeys);
        if (redisCluster != null) {
            builder.redisCluster(redisCluster);
        }
        if (port != null) {
            builder.port(port);
        }
        if (bind != null) {
            builder.bindAddress(bind);
        }
        if (adminPort != null) {
            builder.adminPort(adminPort);
        }
        if (adminBind != null) {
            builder.adminBindAddress(adminBind);
        }
        if (instanceCount != null) {
            builder.instanceCount(instanceCount);
        }
        if (instanceIndex != null) {
            builder.instanceIndex(instanceIndex);
        }
        if (trustedProxies != null) {
            builder.trustedProxies(trustedProxies);
        }
        IngressSettings settings = builder.build();
        Ingress ingress;
        try {
            ingress = Ingress.start(settings);
        } catch (IllegalStateException | io.stagedoor.admission.redis.RedisStartFailure refused) {
            // development secrets beyond loopback, a port taken, a Redis unreachable or short of slots: said plainly
            System.err.println(refused.getMessage());
            return 2;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(ingress::close, "ingress-stop"));
        System.out.println("ingress listening on http://" + settings.http().bindAddress() + ":" + ingress.port()
                + ", admin listener on http://" + settings.http().adminBindAddress() + ":" + ingress.adminPort());
        try (LimitsWatch watch = config.watchLimits(effective, config::load, ingress)) {
            Thread.currentThread().join(Duration.ofDays(365).toMillis());
        }
        return 0;
    }
}
