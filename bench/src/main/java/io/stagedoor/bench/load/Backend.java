package io.stagedoor.bench.load;

import io.stagedoor.harness.Pipeline;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The backend of the split layout ({@link BenchPipeline.Layout#SPLIT}), in a JVM of its own: embedded Redis and
 * Kafka, the topics and the workers, as {@code ./stagedoor up} starts them but without an ingress. It prints
 * {@code ready <kafka bootstrap> <redis uri>} on stdout once the workers run, answers {@code payments-in-flight-max}
 * with the workers' figure, and stops when its stdin closes.
 *
 * <p>Arguments: data directory, partitions per topic.
 */
public final class Backend {

    static final String READY = "ready";
    static final String PAYMENTS_IN_FLIGHT_MAX = "payments-in-flight-max";

    private Backend() {
    }

    public static void main(String[] args) throws Exception {
        try (Pipeline backend = Pipeline.startBackend(
                BenchPipeline.options(Path.of(args[0]), Integer.parseInt(args[1])), BenchPipeline.config());
             BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            System.out.println(READY + " " + backend.kafkaBootstrap() + " " + backend.redisUri());
            for (String command = commands.readLine(); command != null; command = commands.readLine()) {
                if (command.equals(PAYMENTS_IN_FLIGHT_MAX)) {
                    System.out.println(backend.workers().metrics().paymentsInFlightMax());
                }
            }
        }
    }
}
