package io.stagedoor.cli;

import io.stagedoor.config.StagedoorConfig;
import java.util.Map;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stagedoor events put FILE}: defines or replaces an event from a JSON file. */
@Command(name = "events", mixinStandardHelpOptions = true, description = "Define events.",
        subcommands = EventsCommand.Put.class)
final class EventsCommand {

    @Command(name = "put", mixinStandardHelpOptions = true,
            description = {"Write an event definition (JSON, as PUT /v1/admin/events/{id} takes) to the events topic.",
                    "Its maxSeatsPerBuyer caps the seats one buyer may hold and buy of the event; absent, it is the "
                            + "setting ingress.max-seats-per-buyer (default "
                            + EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER + ")."})
    static final class Put implements Callable<Integer> {

        @Parameters(index = "0", description = "The JSON file of the event.")
        Path file;

        @Option(names = "--kafka", defaultValue = "127.0.0.1:9092", description = "Kafka bootstrap servers (default ${DEFAULT-VALUE}).")
        String kafka;

        @Option(names = "--namespace", defaultValue = "", description = "Topic namespace (default none).")
        String namespace;

        @picocli.CommandLine.Mixin
        io.stagedoor.cli.ConfigOptions config;

        @Override
        public Integer call() throws IOException {
            StagedoorConfig effective = config.load();
            EventDefinition event;
            try {
                int maxSeatsPerBuyer = effective.ingress(kafka).build().bounds().maxSeatsPerBuyer();
                event = Json.read(Json.withDefaults(Files.readAllBytes(file),
                        Map.of(EventDefinition.MAX_SEATS_PER_BUYER_FIELD, maxSeatsPerBuyer)), EventDefinition.class);
            } catch (RuntimeException e) {
                System.err.println("not a valid event definition: " + file + ": " + e.getMessage());
                return 2;
            }
            Pipeline.publishEvent(effective.kafka(kafka), new TopicNames(namespace), event);
            System.out.println("event " + event.eventId() + " written (" + event.seats().size() + " seats, at most "
                    + event.maxSeatsPerBuyer() + " a buyer)");
            return 0;
        }
    }
}
