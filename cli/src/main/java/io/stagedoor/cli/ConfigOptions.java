package io.stagedoor.cli;

import io.stagedoor.config.LimitsWatch;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.ingress.Ingress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
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

    /**
     * Applies the limits of the {@code --config} file to {@code ingress} whenever the file changes, read again by
     * {@code load} ({@link LimitsWatch}); null (nothing to close) when there is no file or no ingress here.
     */
    public LimitsWatch watchLimits(StagedoorConfig initial, Supplier<StagedoorConfig> load, Ingress ingress) {
        if (file == null || ingress == null) {
            return null;
        }
        return LimitsWatch.start(file, initial, load, ingress.limits()::replace);
    }
}
