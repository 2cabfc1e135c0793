package io.stagedoor.cli;

import io.stagedoor.cli.ConfigOptions;
import io.stagedoor.config.StagedoorConfig;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code stagedoor config}: prints the effective configuration, each value with where it came from. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Print the effective configuration (defaults, file, STAGEDOOR_* variables, --set).")
final class ConfigCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--defaults", description = "Print the defaults alone, as the documented stagedoor.properties.")
    boolean defaults;

    @Option(names = "--markdown", description = "Print the defaults as the settings table of docs/operating.md.")
    boolean markdown;

    @Override
    public Integer call() {
        try {
            if (markdown) {
                System.out.print(StagedoorConfig.defaults().asMarkdownTable());
                return 0;
            }
            StagedoorConfig effective = defaults ? StagedoorConfig.defaults() : config.load();
            System.out.print(effective.asProperties(!defaults));
            return 0;
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
    }
}
