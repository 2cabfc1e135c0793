package io.stagedoor.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The entry point of the runnable jar: {@code stagedoor <subcommand>}. */
@Command(name = "stagedoor",
        mixinStandardHelpOptions = true,
        version = "stagedoor 0.1.0",
        description = "The front door of a ticket on-sale: rate limits, backpressure and a Kafka pipeline.",
        subcommands = {UpCommand.class, IngressCommand.class, WorkersCommand.class, TokenCommand.class,
                TopicsCommand.class, EventsCommand.class, AccountsCommand.class, KeysCommand.class, QueueCommand.class, ConfigCommand.class,
                io.stagedoor.cli.AuditCommand.class, io.stagedoor.cli.DemoCommand.class,
                io.stagedoor.cli.ChaosCommand.class, io.stagedoor.cli.serve.BrokerCommand.class,
                io.stagedoor.cli.serve.RedisCommand.class, io.stagedoor.cli.serve.GatewayCommand.class,
                CommandLine.HelpCommand.class})
public final class Stagedoor implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        TracingSetup.install(System::getenv);
        System.exit(commandLine().execute(args));
    }

    /** The command line, for tests that run subcommands in-process. */
    public static CommandLine commandLine() {
        return new CommandLine(new Stagedoor()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
