package io.stagedoor.cli;

import io.stagedoor.ingress.auth.ApiKeys;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stagedoor keys add}: a scanner API key; only its hash is stored, the key is printed once. */
@Command(name = "keys", mixinStandardHelpOptions = true, description = "Manage scanner API keys.",
        subcommands = KeysCommand.Add.class)
final class KeysCommand {

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Make a scanner API key for an organizer; prints the key once, stores only its hash.")
    static final class Add implements Callable<Integer> {

        @Option(names = "--id", required = true, description = "The key's id (e.g. gate-a).")
        String keyId;

        @Option(names = "--organizer", required = true, description = "The organizer whose tickets it scans.")
        String organizer;

        @Option(names = "--file", defaultValue = "data/api-keys.json", description = "The keys file (default ${DEFAULT-VALUE}).")
        Path file;

        @Override
        public Integer call() {
            if (!keyId.matches("[A-Za-z0-9_-]{1,64}")) {
                System.err.println("a key id is 1 to 64 letters, digits, '-' or '_': " + keyId);
                return 2;
            }
            System.out.println(ApiKeys.load(file).create(keyId, organizer));
            return 0;
        }
    }
}
