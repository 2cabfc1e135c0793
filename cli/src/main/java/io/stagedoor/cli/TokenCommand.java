package io.stagedoor.cli;

import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Prints a buyer bearer token that a running ingress with the same secret accepts. */
@Command(name = "token", mixinStandardHelpOptions = true,
        description = "Print a buyer bearer token, signed with the configured token secret (ingress.token-secret or "
                + "ingress.token-secret-file; the development secret unless one is given).")
final class TokenCommand implements Callable<Integer> {

    @Option(names = "--buyer", required = true, description = "The buyer id the token proves.")
    String buyer;

    @Option(names = "--ttl", defaultValue = "PT1H", description = "How long the token is valid (ISO-8601, default ${DEFAULT-VALUE}).")
    Duration ttl;

    @picocli.CommandLine.Mixin
    io.stagedoor.cli.ConfigOptions config;

    @Override
    public Integer call() {
        if (buyer.isBlank()) {
            System.err.println("--buyer must not be blank");
            return 2;
        }
        try {
            IngressSettings settings = config.load().ingress("unused").build();
            BuyerTokens tokens = new BuyerTokens(settings.auth().secretBytes(), settings.auth().tokenIssuer(),
                    settings.auth().tokenMaxLifetime(), Clock.systemUTC());
            System.out.println(tokens.issue(buyer, ttl));
            return 0;
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            System.err.println(e.getMessage());
            return 2;
        }
    }
}
