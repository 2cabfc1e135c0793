package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.harness.DemoEvent;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.http.IngressMessages;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CommandLineTest {

    @Test
    void helpListsEverySubcommand() {
        StringWriter out = new StringWriter();
        CommandLine command = Stagedoor.commandLine().setOut(new PrintWriter(out));
        assertThat(command.execute("--help")).isZero();
        assertThat(out.toString()).contains("up", "ingress", "workers", "token", "topics", "events");
    }

    @Test
    void theTokenCommandPrintsATokenTheIngressAccepts() {
        java.io.PrintStream original = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertThat(Stagedoor.commandLine().execute("token", "--buyer", "8812")).isZero();
        } finally {
            System.setOut(original);
        }
        BuyerTokens tokens = new BuyerTokens(IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8),
                "stagedoor", Clock.systemUTC());
        assertThat(tokens.verify(printed.toString(StandardCharsets.UTF_8).trim())).contains("8812");
    }

    @Test
    void anIngressOnEveryAddressRefusesToStartOnTheDevelopmentSecrets() {
        Run run = run("ingress", "--kafka", "127.0.0.1:1", "--bind", "0.0.0.0");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.errors()).contains(IngressMessages.developmentSecretsBeyondLoopback(
                "0.0.0.0", java.util.List.of("ingress.token-secret", "ingress.admin-key")));
    }

    @Test
    void upOnEveryAddressRefusesTheDevelopmentSecretsBeforeStartingAnything() {
        Run run = run("up", "--kafka", "127.0.0.1:1", "--redis", "redis://127.0.0.1:1",
                "--set", "ingress.bind-address=0.0.0.0");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.errors()).contains("beyond loopback");
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aSecondWorkersOnOneHostNamesTheMetricsPortItCannotTake() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            Run run = run("workers", "--kafka", "127.0.0.1:1", "--metrics-port", Integer.toString(port));

            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.errors()).contains("127.0.0.1:" + port, "--metrics-port").doesNotContain("\tat ");
        }
    }

    @Test
    void theTokenCommandWillNotPrintATokenLongerLivedThanTheIngressAccepts() {
        assertThat(Stagedoor.commandLine().execute("token", "--buyer", "8812", "--ttl", "P30D")).isEqualTo(2);
    }

    @Test
    void theDemoEventHasAThousandSeatsFromA1ToT50() {
        assertThat(DemoEvent.seats()).hasSize(1000).startsWith("A-1").endsWith("T-50");
    }

    private record Run(int exit, String errors) {
    }

    /** Runs the command line with {@code args}, keeping what it wrote to standard error. */
    private static Run run(String... args) {
        java.io.PrintStream original = System.err;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            int exit = Stagedoor.commandLine().execute(args);
            return new Run(exit, printed.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(original);
        }
    }
}
