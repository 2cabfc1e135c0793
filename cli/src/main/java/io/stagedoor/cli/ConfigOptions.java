package io.stagedoor.cli;

import io.stagedoor.config.StagedoorConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The configuration flags every running subcommand shares (a picocli mixin). */
public final class ConfigOptions {

    @Option(names = "--config", description = "A properties file of settings (see stagedoor.properties).")
    Path file;

    @Option(names = "--kafka-config",
            description = "A Kafka client properties file (TLS, SASL), as kafka.client-config; wins over it.")
    Path kafkaConfig;

    @Option(names = "--set", description = "Override one setting, key=value (repeatable).")
    List<String> overrides = new ArrayList<>();

    /** The effective configuration: defaults, then the file, then STAGEDOOR_* variables, then --set. */
    public StagedoorConfig load() {
        List<String> flags = new ArrayList<>(overrides);
        if (kafkaConfig != null) {
            flags.add("kafka.client-config=" + kafkaConfig);
        }
        return StagedoorConfig.load(file, System.getenv(), flags);
    }

    /** The same, with {@code flags} ({@code key=value}, from a command's own options) applied after --set. */
    public StagedoorConfig load(String... flags) {
        List<String> all = new ArrayList<>(overrides);
        all.addAll(List.of(flags));
        return StagedoorConfig.load(file, System.getenv(), all);
    }
}
