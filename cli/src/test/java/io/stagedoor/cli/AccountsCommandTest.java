package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.login.AccountMessages;
import io.stagedoor.ingress.login.Accounts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccountsCommandTest {

    @TempDir
    Path dir;

    @Test
    void twoEmailsWithOneLocalPartAreTwoBuyers() {
        Path file = dir.resolve("accounts.json");
        assertThat(add(file, "ada@evil.test").exit()).isZero();
        assertThat(add(file, "ada@stagedoor.test").exit()).isZero();

        Accounts accounts = Accounts.load(file);
        String evil = accounts.find("ada@evil.test").orElseThrow().buyerId();
        String ada = accounts.find("ada@stagedoor.test").orElseThrow().buyerId();
        assertThat(evil).isNotEqualTo(ada).isNotEqualTo("ada");
    }

    @Test
    void anIdAnotherEmailHasIsRefusedWithAClearError() {
        Path file = dir.resolve("accounts.json");
        assertThat(add(file, "ada@stagedoor.test", "--buyer", "ada").exit()).isZero();

        Run taken = add(file, "ada@evil.test", "--buyer", "ada");

        assertThat(taken.exit()).isEqualTo(2);
        assertThat(taken.errors()).contains(AccountMessages.buyerIdTaken("ada", "ada@evil.test", "ada@stagedoor.test"));
        assertThat(Accounts.load(file).find("ada@evil.test")).isEmpty();
    }

    private record Run(int exit, String errors) {
    }

    private static Run add(Path file, String email, String... more) {
        List<String> args = new ArrayList<>(List.of("accounts", "add", "--email", email, "--password", "pw", "--file",
                file.toString()));
        args.addAll(List.of(more));
        PrintStream original = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            return new Run(Stagedoor.commandLine().execute(args.toArray(String[]::new)), printed.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(original);
        }
    }
}
