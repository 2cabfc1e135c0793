package io.stagedoor.cli;

import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.EmailAddresses;
import io.stagedoor.ingress.login.PasswordHasher;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stagedoor accounts add}: a buyer account in the accounts file every ingress reads. */
@Command(name = "accounts", mixinStandardHelpOptions = true, description = "Manage buyer accounts.",
        subcommands = AccountsCommand.Add.class)
final class AccountsCommand {

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Add or replace a buyer account (the password is stored as an Argon2id hash).")
    static final class Add implements Callable<Integer> {

        @Option(names = "--email", required = true, description = "The account's email address.")
        String email;

        @Option(names = "--password", required = true, description = "Its password.")
        String password;

        @Option(names = "--buyer", description = "The buyer id (default: the id the email's account has, or a new opaque one;"
                + " an id another email's account has is refused).")
        String buyer;

        @Option(names = "--file", defaultValue = "data/accounts.json", description = "The accounts file (default ${DEFAULT-VALUE}).")
        Path file;

        @Override
        public Integer call() {
            if (!EmailAddresses.plausible(email)) {
                System.err.println("not an email address: " + email);
                return 2;
            }
            Accounts.Account account;
            try {
                account = Accounts.load(file).put(email, buyer, PasswordHasher.defaults().hash(password));
            } catch (IllegalArgumentException | IllegalStateException refused) {
                // an id another email has (BuyerIdTaken), an id of the wrong shape, or a file sharing one id
                System.err.println(refused.getMessage());
                return 2;
            }
            System.out.println("account " + account.email() + " (buyer " + account.buyerId() + ") written to " + file);
            return 0;
        }
    }
}
