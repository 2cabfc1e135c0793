package io.stagedoor.cli;

import io.stagedoor.cli.serve.BrokerCommand;
import io.stagedoor.cli.serve.GatewayCommand;
import io.stagedoor.cli.serve.RedisCommand;
import java.util.Arrays;
import java.util.Set;
import picocli.CommandLine;

/**
 * The main class the chaos harness starts each part with: {@code broker}, {@code redis} and {@code gateway} run
 * here, every other subcommand goes to {@link Stagedoor}. It lets the harness start its parts whether or not the
 * serve commands are registered in {@code Stagedoor} itself.
 */
public final class PartMain {

    private static final Set<String> SERVED = Set.of("broker", "redis", "gateway");

    private PartMain() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && SERVED.contains(args[0])) {
            Object command = switch (args[0]) {
                case "broker" -> new BrokerCommand();
                case "redis" -> new RedisCommand();
                default -> new GatewayCommand();
            };
            System.exit(new CommandLine(command).execute(Arrays.copyOfRange(args, 1, args.length)));
        }
        Stagedoor.main(args);
    }
}
