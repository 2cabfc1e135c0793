package io.stagedoor.cli;

import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Prints a buyer bearer token that a running ingress with the same secret accepts. */
@Command(name = "token", mixinStandardHelpOptions = true,
        description = "Print a buyer bearer token (signed with the development secret unless --secret is given).")
final class TokenCommand implements Callable<Integer> {

    @Option(names = "--buyer", required = true, description = "The buyer id the token proves.")
    String buyer;

    @Option(names = "--ttl", defaultValue = "PT1H", description = "How long the token is valid (ISO-8601, default ${DEFAULT-VALUE}).")
    Duration ttl;

    @Option(names = "--secret", defaultValue = "${env:STAGEDOOR_TOKEN_SECRET:-" + IngressSettings.DEVELOPMENT_SECRET + "}",
            description = "The token secret (env STAGEDOOR_TOKEN_SECRET).")
    String secret;

    @Override
    public Integer call() {
        if (buyer.isBlank()) {
            System.err.println("--buyer must not be blank");
            return 2;
        }
        BuyerTokens tokens = new BuyerTokens(secret.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());
        System.out.println(tokens.issue(buyer, ttl));
        return 0;
    }
}
