package io.stagedoor.cli.serve;

import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.harness.ReadyLine;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagedoor broker --data-dir D --port P}: a single-node KRaft broker ({@link EmbeddedKafka}) in its own
 * JVM until SIGTERM. Started again on the same directory and port it finds its topics and records.
 */
@Command(name = "broker", mixinStandardHelpOptions = true,
        description = "Run a single-node Kafka broker (KRaft) until SIGTERM; its data stays in --data-dir.")
public final class BrokerCommand implements Callable<Integer> {

    @Option(names = "--data-dir", required = true, description = "Where the broker keeps its logs and metadata.")
    Path dataDir;

    @Option(names = "--port", defaultValue = "9092", description = "The broker's port (default ${DEFAULT-VALUE}); "
            + "the controller takes the next one.")
    int port;

    @Override
    public Integer call() throws InterruptedException {
        // EmbeddedKafka registers its own shutdown hook: SIGTERM shuts the broker down cleanly.
        EmbeddedKafka kafka = EmbeddedKafka.start(dataDir, port);
        if (kafka.port() != port) {
            kafka.close();
            System.err.println("port " + port + " is taken");
            return 1;
        }
        ReadyLine.print("broker", kafka.port());
        ReadyLine.awaitStop();
        return 0;
    }
}
