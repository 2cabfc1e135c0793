package io.stagedoor.cli.serve;

import io.stagedoor.harness.ReadyLine;
import io.stagedoor.workers.payment.PayrailServer;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagedoor gateway --port P [--latency-ms N]}: the simulated payment gateway Payrail as an HTTP server
 * ({@link PayrailServer}: {@code /v1/charges}, {@code /v1/voids}, {@code /v1/ledger}) until SIGTERM. Worker
 * processes point {@code --gateway-url} at it and so charge into one ledger.
 */
@Command(name = "gateway", mixinStandardHelpOptions = true,
        description = "Run the simulated payment gateway (Payrail) over HTTP until SIGTERM.")
public final class GatewayCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8090", description = "The port (default ${DEFAULT-VALUE}; 0: any free).")
    int port;

    @Option(names = "--latency-ms", defaultValue = "500", description = "How long every charge takes (default ${DEFAULT-VALUE}).")
    long latencyMs;

    @Override
    public Integer call() throws InterruptedException {
        SimulatedGateway gateway = new SimulatedGateway(
                PayrailSettings.defaults().withLatency(Duration.ofMillis(latencyMs)));
        PayrailServer server = PayrailServer.start(gateway, port);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "gateway-stop"));
        ReadyLine.print("gateway", server.uri().getPort());
        ReadyLine.awaitStop();
        return 0;
    }
}
