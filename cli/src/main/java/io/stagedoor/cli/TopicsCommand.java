package io.stagedoor.cli;

import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stagedoor topics}: creates the pipeline's missing topics. */
@Command(name = "topics", mixinStandardHelpOptions = true,
        description = "Create the pipeline's topics that do not exist yet, and list them.")
final class TopicsCommand implements Callable<Integer> {

    @Option(names = "--kafka", required = true, description = "Kafka bootstrap servers (host:port).")
    String kafka;

    @Option(names = "--partitions", defaultValue = "12", description = "Partitions of each new topic (default ${DEFAULT-VALUE}).")
    int partitions;

    @Option(names = "--replication-factor", defaultValue = "1", description = "Replicas of each new topic (default ${DEFAULT-VALUE}).")
    short replicationFactor;

    @Option(names = "--min-insync-replicas", defaultValue = "1",
            description = "min.insync.replicas of each new topic, at most the replication factor (default ${DEFAULT-VALUE}; 2 with 3 replicas).")
    int minInsyncReplicas;

    @Option(names = "--namespace", defaultValue = "", description = "Topic namespace (default none).")
    String namespace;

    @picocli.CommandLine.Mixin
    io.stagedoor.cli.ConfigOptions config;

    @Override
    public Integer call() {
        TopicNames names = new TopicNames(namespace);
        TopicSettings settings = new TopicSettings(partitions, replicationFactor, TopicSettings.DEFAULT_RETENTION)
                .withMinInsyncReplicas(minInsyncReplicas);
        try (Admin admin = Admin.create(config.load().kafka(kafka).baseProperties())) {
            TopicCreator.ensure(admin, names, settings, 30_000);
        }
        names.all().forEach(System.out::println);
        return 0;
    }
}
